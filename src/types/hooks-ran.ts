/**
 * Tells the type package which of Foundry's start-up hooks our code may assume have run. Every
 * `game.i18n` read is in code that runs when something renders or a player acts (sheets, the tracker,
 * chat cards, notifications), never during `init`: src/zilch.ts's init handler registers settings and
 * classes with i18n keys, which Foundry localizes itself later. Foundry sets `game.i18n` before the
 * `i18nInit` hook (the hook is named for it; Draw Steel's entry localizes its whole config with `game.i18n`
 * in its own `i18nInit` handler, MetaMorphic-Digital/draw-steel), so from there on it is defined, and this declaration makes the type say so
 * once instead of a `!` at every call. It assumes nothing later than `i18nInit`: `game.user` and the
 * like still need their check where code may run before `ready`.
 */
declare module "fvtt-types/configuration" {
  interface AssumeHookRan {
    i18nInit: never;
  }
}

export {};
