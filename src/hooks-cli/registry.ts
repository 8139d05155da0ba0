import type { CommandEntry } from "./command.js";
import { sessionCommands } from "./session/index.js";
import { captureCommands } from "./capture/index.js";

export const commands: CommandEntry[] = [...sessionCommands, ...captureCommands];

export function findCommand(name: string): CommandEntry | undefined {
  return commands.find((c) => c.name === name);
}
