/**
 * `foundry.applications.ux.TextEditor.implementation.enrichHTML(content, options)` as the sheets call
 * it: asynchronous, resolving to the enriched HTML string [draw-steel 0.11 src/module/utils/
 * enrich-html.mjs returns its promise; dnd5e 5.1 awaits it in its sheets' _prepareContext]. The
 * stand-in enriches nothing itself: it returns content that holds no enricher syntax unchanged, and
 * throws on what it cannot model honestly (content links `@Type[...]`, inline rolls `[[...]]`, and
 * secret blocks, which core shows or removes by `options.secrets`). Every call is recorded.
 */
import { notImplemented } from "./fields";
import { strictNamespace } from "./index";

export interface EnrichCall {
  content: string;
  options: { relativeTo?: unknown; secrets?: boolean };
}

/** The `foundry.applications.ux` namespace holding the stand-in TextEditor, and its call record. */
export function textEditorStandIn(): { ux: object; calls: EnrichCall[] } {
  const calls: EnrichCall[] = [];
  const enrichHTML = async (content: string, options: EnrichCall["options"] = {}) => {
    if (/@\w+\[|\[\[|class="[^"]*\bsecret\b/.test(content))
      return notImplemented(`TextEditor.enrichHTML of "${content.slice(0, 40)}"`);
    calls.push({ content, options });
    return content;
  };
  const ux = strictNamespace("foundry.applications.ux", {
    TextEditor: strictNamespace("TextEditor", {
      implementation: strictNamespace("TextEditor.implementation", { enrichHTML }),
    }),
  });
  return { ux, calls };
}
