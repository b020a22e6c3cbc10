/**
 * Render only what changed. Every combat update re-renders the tracker on every client, about 300
 * times in one countdown round of 50 combatants, and inserting the whole part costs a frame or more
 * each time, most of it style and layout of rows that did not change. The freshly rendered part is
 * laid over the one on screen instead: an element equal to its new self is kept, a changed element
 * is patched the same way one level down (or replaced, at the deepest level), and a list of rows
 * keyed by `data-combatant-id` keeps each row's element, moving only the rows whose place changed
 * (the fewest moves: those outside the longest run already in order), so the browser restyles only
 * the rows a change touched. A row rendered as a stand-in (`data-kept`, row-keys.ts) keeps the row on
 * screen untouched.
 *
 * Self-contained (no imports, nothing closed over) so that the browser layer and the benchmarks run
 * this very function in Chromium.
 */

/**
 * Makes `prior` (on screen) show what `next` (just rendered) shows, touching only what differs, to at
 * most `depth` levels of descent. Returns false, having changed nothing, when the two differ at the
 * top (another tag, or other children), or when a stand-in in `next` finds no row on screen drawn with
 * its key: the caller then replaces the element whole (rendered again without stand-ins). Nodes of `next`
 * may be moved into `prior`; `next` is spent afterwards.
 */
export function patchInPlace(prior: Element, next: Element, depth = 3): boolean {
  const keyOf = (node: Node): string | null =>
    node instanceof Element ? node.getAttribute("data-combatant-id") : null;
  const shapeOf = (node: Node): string => (node instanceof Element ? node.tagName : `#${node.nodeType}`);
  const sameShape = (a: Element, b: Element): boolean =>
    a.childNodes.length === b.childNodes.length &&
    [...a.childNodes].every((child, i) => shapeOf(child) === shapeOf(b.childNodes[i]!));
  const keyed = (a: Element): boolean =>
    a.childNodes.length > 0 && [...a.childNodes].every((c) => keyOf(c) !== null);
  const copyAttributes = (a: Element, b: Element, keepExtra: boolean): void => {
    for (const { name, value } of b.attributes)
      if (a.getAttribute(name) !== value) a.setAttribute(name, value);
    if (!keepExtra)
      for (const name of a.getAttributeNames()) if (!b.hasAttribute(name)) a.removeAttribute(name);
  };
  /** Positions (into `order`) of a longest strictly increasing run: the rows that need not move. */
  const steady = (order: readonly number[]): Set<number> => {
    const tails: number[] = [];
    const back: number[] = [];
    order.forEach((value, i) => {
      if (value < 0) return;
      let lo = 0;
      let hi = tails.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (order[tails[mid]!]! < value) lo = mid + 1;
        else hi = mid;
      }
      back[i] = lo > 0 ? tails[lo - 1]! : -1;
      tails[lo] = i;
    });
    const kept = new Set<number>();
    for (let i = tails.at(-1) ?? -1; i >= 0; i = back[i]!) kept.add(i);
    return kept;
  };
  const layKeyed = (a: Element, b: Element, levels: number): void => {
    const old = new Map([...a.childNodes].map((child, i) => [keyOf(child)!, { child, i }]));
    const target = [...b.childNodes].map((fresh) => {
      const match = old.get(keyOf(fresh)!);
      if (!match || !(match.child instanceof Element) || !(fresh instanceof Element))
        return { node: fresh, from: -1 };
      if (!fresh.hasAttribute("data-kept")) lay(match.child, fresh, levels - 1); // a stand-in: kept as is
      return { node: match.child, from: match.i };
    });
    const wanted = new Set(target.map((t) => t.node));
    for (const child of [...a.childNodes]) if (!wanted.has(child)) child.remove();
    const kept = steady(target.map((t) => t.from));
    let anchor: Node | null = null;
    for (let i = target.length - 1; i >= 0; i--) {
      const node = target[i]!.node;
      if (!kept.has(i)) a.insertBefore(node, anchor);
      anchor = node;
    }
  };
  const lay = (a: Element, b: Element, levels: number): void => {
    if (a.isEqualNode(b)) return;
    if (levels === 0 || a.tagName !== b.tagName) {
      a.replaceWith(b);
      return;
    }
    copyAttributes(a, b, false);
    if (keyed(a) && keyed(b)) return layKeyed(a, b, levels);
    if (sameShape(a, b)) layChildren(a, b, levels - 1);
    else a.replaceChildren(...b.childNodes);
  };
  /** Lays each child of `b` over the child of `a` in the same place (the two have the same shape). */
  const layChildren = (a: Element, b: Element, levels: number): void => {
    const pairs = [...a.childNodes].map((child, i) => [child, b.childNodes[i]!] as const);
    for (const [child, fresh] of pairs) {
      if (child instanceof Element && fresh instanceof Element) lay(child, fresh, levels);
      else if (!child.isEqualNode(fresh)) child.replaceWith(fresh);
    }
  };
  if (prior.tagName !== next.tagName || !sameShape(prior, next)) return false;
  if (!standInsFound(prior, next)) return false;
  // The part's own element keeps what Foundry added to it (its part marker); its children match next.
  copyAttributes(prior, next, true);
  layChildren(prior, next, depth - 1);
  return true;
}

/**
 * Whether every stand-in in `next` (row-keys.ts) finds its row on screen in `prior`, drawn with its
 * key. Self-contained as patchInPlace is, which calls it.
 */
export function standInsFound(prior: Element, next: Element): boolean {
  const drawn = new Map(
    [...prior.querySelectorAll("li[data-row-key]")].map((row) => [
      row.getAttribute("data-combatant-id"),
      row.getAttribute("data-row-key"),
    ]),
  );
  return [...next.querySelectorAll("[data-kept]")].every(
    (stub) => drawn.get(stub.getAttribute("data-combatant-id")) === stub.getAttribute("data-row-key"),
  );
}

/** The body of a function returning patchInPlace, for a page to build with `new Function`. */
export const patchInPageSource = (): string =>
  `${standInsFound.toString()}\nreturn (${patchInPlace.toString()});`;
