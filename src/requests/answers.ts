/**
 * What the applier answered each sender, by request id (docs/multiplayer.md §1 "Timeouts"): a second
 * copy of a request gets the first answer, and a sender that gave up asks what became of it.
 * Foundry-free.
 *
 * Telling a sender "not applied" is safe only while the answer could not have been forgotten. Each
 * sender's newest KEPT_PER_SENDER answers are kept. A sender asks at most about 21 s after it sent
 * (its 15.5 s wait, then 5 s for the answer to that question, both on its own clock), so pushing out
 * an answer older than KEPT_MS of this client's own clock (never compared with another client's)
 * loses nothing a question can still come for. A sender flooding past the cap pushes out younger
 * ones; for KEPT_MS after that, an id this book does not hold is "unknown" for that sender, never
 * "not applied".
 */
export const KEPT_MS = 60_000;
export const KEPT_PER_SENDER = 2_000;

interface Book<T> {
  readonly answers: Map<string, { readonly answer: Promise<T>; readonly at: number }>;
  /** When this sender's youngest pushed-out answer was pushed out (this client's clock). */
  forgotAt: number | null;
}

export class Answers<T> {
  private readonly books = new Map<string, Book<T>>();

  constructor(private readonly now: () => number) {}

  get(sender: string, id: string): Promise<T> | undefined {
    return this.books.get(sender)?.answers.get(id)?.answer;
  }

  set(sender: string, id: string, answer: Promise<T>): void {
    const book = this.books.get(sender) ?? { answers: new Map(), forgotAt: null };
    this.books.set(sender, book);
    const now = this.now();
    for (const [oldest, kept] of book.answers) {
      if (book.answers.size < KEPT_PER_SENDER) break;
      if (now - kept.at < KEPT_MS) book.forgotAt = now;
      book.answers.delete(oldest);
    }
    book.answers.set(id, { answer, at: now });
  }

  /** An id of `sender` this book does not hold may have been answered and forgotten. */
  mayHaveForgotten(sender: string): boolean {
    const forgotAt = this.books.get(sender)?.forgotAt ?? null;
    return forgotAt !== null && this.now() - forgotAt < KEPT_MS;
  }
}
