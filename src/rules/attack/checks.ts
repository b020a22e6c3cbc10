/** The dice and modes the attack's steps check their input against (T-1, DMG-1, INJ-2, SW-3). */
import type { AttackMode } from "./resolution";
import { POSSIBLE_ROLLS } from "../tests";

export const isMissile = (mode: AttackMode) => mode === "thrown" || mode === "launcher";

export const isDie = (n: number | undefined, faces: number): n is number =>
  n !== undefined && Number.isInteger(n) && n >= 1 && n <= faces;

export const isRoll = (n: number | undefined): n is number => n !== undefined && POSSIBLE_ROLLS.includes(n);
