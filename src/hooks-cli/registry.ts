import type { Command } from "./command.js";
import { sessionCommands } from "./session/index.js";
import { captureCommands } from "./capture/index.js";

export const commands: Command[] = [...sessionCommands, ...captureCommands];

export function findCommand(name: string): Command | undefined {
  return commands.find((c) => c.name === name);
}
