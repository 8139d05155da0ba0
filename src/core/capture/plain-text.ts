// The one rule for taking terminal controls out of text kept for people to
// read back: a feedback candidate's `text_preview` (`feedback list`/`show`,
// digests, the review screens, the reference's own commands) and the lesson
// and quote the feedback detector makes (feedback-injected.ts withoutNoise)
// hold no terminal controls. A prompt can carry
// them (a pasted log's colours, a title or clipboard sequence, a stray
// Ctrl-G): kept, they would act on whichever terminal prints the store.
// Escape sequences go whole — CSI (`ESC [` … final, or C1 `0x9b`), and
// OSC/DCS/SOS/PM/APC strings (`ESC ]` … BEL or ST) when terminated, else
// their introducer — then every other C0 control but white space, DEL and
// the C1 controls. A vertical tab or form feed (white space that moves a
// terminal's cursor) becomes a space; other white space is left to the
// caller's normalisation.
//
// The display's safeText (core/session/text/safe-text.ts) is another rule on
// purpose: it shows a session as it is, so it drops colours but turns every
// other control into a visible stand-in (␛, <9b>) instead of dropping it.

const SEQUENCE = /(?:\u001b\[|\u009b)[\u0030-\u003f]*[\u0020-\u002f]*[\u0040-\u007e]|(?:\u001b[\]PX^_]|[\u0090\u0098\u009d\u009e\u009f])(?:[^\u0007\u001b\u009c]*(?:\u0007|\u001b\\|\u009c))?|\u001b[\u0020-\u002f]*[\u0030-\u007e]?/g;
const CONTROL = /[\u0000-\u0008\u000e-\u001f\u007f-\u009f]/g;
const PAGE = /[\u000b\u000c]/g;
const ANY = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** Whether `s` holds a control character withoutTerminalControls takes out. */
export const hasTerminalControls = (s: string): boolean => ANY.test(s);

/** `s` without terminal escape sequences and control characters (tabs, newlines and carriage returns kept; a vertical tab or form feed a space); `s` itself when it has none. */
export function withoutTerminalControls(s: string): string {
  return hasTerminalControls(s) ? s.replace(SEQUENCE, "").replace(CONTROL, "").replace(PAGE, " ") : s;
}
