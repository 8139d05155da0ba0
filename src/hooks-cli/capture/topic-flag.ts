// --create-topic for `promote` and `feedback promote`: the same rule as the
// browser's "+ new topic" — a topic is created only when asked (it makes its
// raw/notes), and a promotion to a missing topic says how to create it.
import { CaptureNotFoundError } from "../../core/capture/errors.js";
import { createTopic, listTopics } from "../../core/capture/topic.js";
import type { StoreContext } from "./common.js";

export const CREATE_TOPIC_HELP = `--create-topic creates the topic first (its raw/notes and a log.md), as the
browser's "+ new topic" does; without it a missing topic is an error (exit 3).`;

/** Runs `promote(topic)`, creating the topic first with `create` (saying so on stderr); a missing topic names the flag. */
export function promoteWithTopic<T>(ctx: StoreContext, topic: string, create: boolean, promote: (topic: string) => T): T {
  let name = topic;
  if (create) {
    const had = listTopics(ctx.hub).find((t) => t.name === topic && t.ready);
    if (!had) {
      const made = createTopic(ctx.hub, topic);
      ctx.warn(`created topic ${made.name}: ${made.dir}`);
      name = made.name;
    }
  }
  try {
    return promote(name);
  } catch (err) {
    if (err instanceof CaptureNotFoundError && err.message.startsWith("topic raw notes directory not found")) {
      throw new CaptureNotFoundError(`${err.message} (pass --create-topic to create the topic, as the browser's "+ new topic" does)`);
    }
    throw err;
  }
}
