// A cwd an agent recorded on Windows: a drive path (`C:\…`, `c:/…`) or a
// share (`\\server\share\…`). Windows names a dir without regard to case, to
// `/` against `\` or to a trailing separator, and agents record one project in
// several spellings (VS Code's extensions write the drive letter in lower
// case, a terminal in upper case). Such a path can be read on any machine
// (a copied home, the archive), so it is told by its shape, not by the
// platform this runs on.
import { win32 } from "node:path";

const WINDOWS_PATH = /^(?:[A-Za-z]:[\\/]|\\\\[^\\/]+[\\/][^\\/]+)/;

/** A Windows path: a drive letter and a separator, or `\\server\share`. */
export const isWindowsPath = (p: string): boolean => WINDOWS_PATH.test(p);

/** One spelling for every way of writing a Windows dir: `\` separators, `.`/`..` resolved, no trailing separator, lower case. */
export const windowsDirKey = (p: string): string => win32.resolve(p).toLowerCase();
