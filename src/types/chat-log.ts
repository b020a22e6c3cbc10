/**
 * The chat log's re-render of one message, `ui.chat.updateMessage(message)`, which the installed types
 * do not declare on v13's ChatLog. Systems call it to refresh a card when state the card reads changes,
 * e.g. from a world setting's `onChange` (CoC7's chat cards, `await ui.chat.updateMessage(msg, false)`;
 * EZD6 re-renders every message from a world setting's onChange). Called only if present: without it a
 * card simply keeps its last render until the next one, and an unverified card offers nothing.
 */
interface ChatLogUpdate {
  updateMessage?(message: ChatMessage.Implementation): unknown;
}

/** Re-renders `message` in this client's chat log, where the log can. */
export function rerenderMessage(message: ChatMessage.Implementation): void {
  const log = ui.chat as unknown as ChatLogUpdate | null | undefined;
  void log?.updateMessage?.(message);
}
