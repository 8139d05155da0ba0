// The stores travel by React context (made together in stores.ts); components
// select the slices they draw.
import { createContext, useContext } from "react";
import { useStore } from "zustand";
import type { AppActions, AppState, AppStore } from "./store.js";
import type { Stores } from "./stores.js";

export const StoresContext = createContext<Stores | null>(null);

export function useStores(): Stores {
  const s = useContext(StoresContext);
  if (!s) throw new Error("StoresContext missing");
  return s;
}

export function useAppStore(): AppStore {
  return useStores().app;
}

export function useApp<T>(select: (s: AppState & AppActions) => T): T {
  return useStore(useAppStore(), select);
}
