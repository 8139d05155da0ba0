// promote <session> --topic T
import { str, bool } from "../args.js";
import { UsageError } from "../command.js";
import { promoteSession } from "../../core/capture/promote.js";
import { storeCommand } from "./common.js";
import { CREATE_TOPIC_HELP, promoteWithTopic } from "./topic-flag.js";

export const promoteCommand = storeCommand({
  name: "promote",
  summary: "promote a captured session's digest into a topic wiki's raw/notes",
  usage: `Usage: omp-sessions promote <session> --topic T [--create-topic] [--force] [--hub DIR | --local]

Writes HUB/topics/<T>/raw/notes/<date>-session-<harness>-<id>.md (or the topic's
path from HUB/wikis.json); raw/notes must exist. Exit 4 when the note exists
without --force. Prints the note path.

${CREATE_TOPIC_HELP}`,
  flags: { values: ["--topic"], bools: ["--force", "--create-topic"] },
  run(p, ctx) {
    const key = p.positional[0];
    const topic = str(p, "--topic");
    if (!key) throw new UsageError("missing <session>");
    if (!topic) throw new UsageError("--topic is required");
    ctx.out(promoteWithTopic(ctx, topic, bool(p, "--create-topic"), (t) => promoteSession(ctx.hub, ctx.root, key, t, bool(p, "--force"))).notePath);
    return 0;
  },
});
