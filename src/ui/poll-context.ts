import { createContext, useContext } from "react";

/** How often the app checks files for outside changes (ms); 0 = never (tests drive it). */
export const PollContext = createContext(1000);

export function usePollMs(): number {
  return useContext(PollContext);
}
