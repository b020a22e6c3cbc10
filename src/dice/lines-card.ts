/**
 * The HTML of a title-and-lines chat card (templates/chat/lines-card.hbs), with this client's
 * localization: one place for what every such card (recovery, character generation, Grit, knack,
 * terror) did by hand before posting itself.
 */
import { LINES_CARD_TEMPLATE, linesCardContext, type ChatLine, type LinesCardKind } from "./chat-lines";

export async function renderLinesCard(kind: LinesCardKind, lines: readonly ChatLine[]): Promise<string> {
  const i18n = game.i18n;
  return foundry.applications.handlebars.renderTemplate(
    LINES_CARD_TEMPLATE,
    linesCardContext(
      kind,
      lines,
      (key) => i18n.localize(key),
      (key, data) => i18n.format(key, data),
    ),
  );
}
