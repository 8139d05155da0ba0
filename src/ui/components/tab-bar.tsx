import React from "react";
import { Box, Text } from "ink";
import { SCREENS } from "../screens/registry.js";
import { useApp } from "../state/use-app.js";
import { useTheme } from "../theme-context.js";
import { safeText } from "../../core/session/text.js";
import { fitWidth as fit } from "../format/width.js";

export function TabBar({ width }: { width: number }) {
  const screen = useApp((s) => s.screen);
  const session = useApp((s) => s.session);
  const theme = useTheme();
  const tabs = SCREENS.map((d) => ({ d, text: d.id === screen ? `[${d.tab} ${d.title}]` : ` ${d.tab} ${d.title} ` }));
  const used = tabs.reduce((n, t) => n + t.text.length + 1, 0);
  const title = session ? safeText(session.name ?? session.file.split("/").pop() ?? "") : "";
  return (
    <Box width={width}>
      {tabs.map(({ d, text }) => (
        <Text key={d.id} bold={d.id === screen} color={d.id === screen ? theme.tab.active : theme.tab.inactive}>
          {text}{" "}
        </Text>
      ))}
      <Text color={theme.text.muted}>{fit(title ? `  ${title}` : "", Math.max(0, width - used))}</Text>
    </Box>
  );
}
