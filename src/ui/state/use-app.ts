// The store travels by React context; components select the slices they draw.
import { createContext, useContext } from "react";
import { useStore } from "zustand";
import type { AppActions, AppState, AppStore } from "./store.js";

export const StoreContext = createContext<AppStore | null>(null);

export function useAppStore(): AppStore {
  const s = useContext(StoreContext);
  if (!s) throw new Error("StoreContext missing");
  return s;
}

export function useApp<T>(select: (s: AppState & AppActions) => T): T {
  return useStore(useAppStore(), select);
}
