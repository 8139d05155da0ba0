// Column widths live in the core (the CLI tables need them too).
export { displayWidth, fitWidth } from "../../core/session/text/width.js";
