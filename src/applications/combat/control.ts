/** A tracker control button as the template draws it (turn-types.ts Control). */
import type { Control } from "./turn-types";

export const control = (
  action: string,
  label: string,
  data: Record<string, string | number>,
  extra: Partial<Control> = {},
): Control => ({
  action,
  label,
  data,
  ...extra,
});
