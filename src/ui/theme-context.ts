import { createContext, useContext } from "react";
import { makeTheme, type Theme } from "./theme.js";

export const ThemeContext = createContext<Theme>(makeTheme(true));

export function useTheme(): Theme {
  return useContext(ThemeContext);
}
