/**
 * For hand-made stand-ins of ZilchActor and ZilchItem (combat and pack-drop tests): their `isOfType`, which
 * narrows by `type` exactly as src/documents/actor.ts and item.ts define it.
 */
export function isOfType(this: { type: string }, ...types: string[]): boolean {
  return types.includes(this.type);
}
