// CJK text in the search index and in queries (db.ts SEARCH_SCHEMA 9).
/** What cjkWords puts between characters: a zero-width space, no letter to unicode61, so a word boundary. */
export const CJK_BREAK = "\u200b";

// Han, kana and Hangul (and their compatibility and extension blocks): scripts written without spaces between words.
const CJK_RUN = /(?:[\u2e80-\u2fdf\u3040-\u30ff\u3100-\u312f\u3130-\u318f\u31a0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\ua960-\ua97f\uac00-\ud7ff\uf900-\ufaff\uff66-\uff9f]|[\u{20000}-\u{3134f}])+/gu;

/**
 * Text with every CJK character a word of its own (a CJK_BREAK around each):
 * unicode61 splits words only at spaces and punctuation, so a run of Chinese or
 * Japanese would be one word and a word inside it unfindable ("对话" in
 * "之前跟你的对话还有记忆吗", "GeminiCLI" in "このGeminiCLIとは"). The index
 * holds text so split and a query's words and phrases are split the same way:
 * "对话" is then the phrase 对 话, matched where the two stand side by side.
 */
export function cjkWords(text: string): string {
  return text.replace(CJK_RUN, (run) => CJK_BREAK + [...run].join(CJK_BREAK) + CJK_BREAK);
}

/** Text as the index holds it, with its CJK_BREAKs taken out again (a snippet shown to the user). */
export const withoutCjkBreaks = (text: string): string => text.replaceAll(CJK_BREAK, "");
