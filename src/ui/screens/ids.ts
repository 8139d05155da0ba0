// Screen ids are plain strings so that adding a screen is a file in screens/
// plus one row in registry.tsx, nothing else.
export type ScreenId = string;
