// The name precedence of pi's and omp's sessions, in one place.

/**
 * A pi or omp session's name (§6a): the title slot's, else the last
 * session_info name, else the last title_change title, else the header's
 * title. The tree (tree/build.ts, over the entries it keeps) and the list
 * row (over the file's lines) both name a session by it.
 */
export function piSessionName(slotTitle: string | null | undefined, sessionInfoName: string | null, titleChangeName: string | null, headerTitle: unknown): string | null {
  if (slotTitle) return slotTitle;
  if (sessionInfoName) return sessionInfoName;
  if (titleChangeName) return titleChangeName;
  return typeof headerTitle === "string" && headerTitle ? headerTitle : null;
}
