import { zeroPerSuit, type Vitals } from "../../src/rules/hitPoints";

/** HP-1 vitals of a creature with ♥`hearts` at `value` HP, undrained and untainted unless `extra` says so. */
export const vitals = (hearts: number, value = hearts, extra: Partial<Vitals> = {}): Vitals => ({
  heartsUndrained: hearts,
  heartsBonus: 0,
  value,
  temp: 0,
  drain: zeroPerSuit(),
  taint: zeroPerSuit(),
  ...extra,
});
