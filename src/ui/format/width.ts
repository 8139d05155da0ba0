// The browser's one way to the core's column widths (the CLI tables use the
// same functions): when the core's text module moves, only this line changes.
export { displayWidth, fitWidth } from "../../core/session/index.js";
