// The feedback detector: a user turn read against the agent message before it
// (docs/feedback.md). The same words mean different things after different
// agent messages: "yes" answers "Shall I proceed?" (plan acceptance) but not a
// report; "still errors" corrects a claim of success; "doesn't work" with no
// claim before it is a bug report (a new task). Rules only read the head of
// the turn: users lead with their verdict, pasted logs and specs follow.

export type DetectedType = "correction" | "preference" | "approval" | "decision";
export type Confidence = "high" | "medium" | "low";

export interface Detection {
  type: DetectedType;
  confidence: Confidence;
  /** Which rule fired, for the record and for reviewers. */
  rationale: string;
  /** The sentence of the turn that carries the feedback. */
  key: string;
}

/** A `\b` that knows letters beyond ASCII. */
const w = (alt: string): RegExp => new RegExp(`(?<![\\p{L}\\p{N}_])(?:${alt})(?![\\p{L}\\p{N}_])`, "u");
const start = (alt: string): RegExp => new RegExp(`^(?:${alt})(?![\\p{L}\\p{N}_])`, "u");

const HEAD = 400;
const IGNORED = /^(?:ok|okay|cool|thanks|thank you|ty|k|👍|👌)[.!]*$/u;

/** The rule patterns, built on first use: most hook events are not user turns and never need them. */
function build() {
  // --- what the agent message before the turn did -------------------------------------------

  /** The agent asked for a go-ahead or offered options. */
  const ASKED = w(
    "would you like|shall i|should i|do you want|want me to|let me know (?:if|when|how|which|whether)|ready to (?:proceed|move on|start|implement|continue|begin)|(?:can|may) i (?:proceed|go ahead|start|continue)|which (?:approach|option|one|do you)|please (?:confirm|approve|review|let me know)|once (?:you(?:'ve)? )?approved?|awaiting your|your (?:approval|confirmation|go-ahead)|if you(?:'d)? (?:like|want|prefer)|how would you like|or (?:should|would|do) (?:i|you)",
  );
  /** The agent said the work is done or fixed. */
  const CLAIMED = w(
    "now (?:works?|working|fixed|fully|correctly|properly|shows?|displays?|accurately|reflects?|has|uses|handles|loads?|runs?|renders?|supports?|includes?)|should now|is now|are now|(?:has|have) been (?:fixed|resolved|updated|implemented|completed|removed|added|created|regenerated|moved)|successfully|fixed|resolved|complete(?:d)?|done|ready|working|all tests pass|passes|verified|operational|try (?:it )?(?:again|now)|please (?:refresh|try|test|reload|restart|check)|should (?:work|be (?:fixed|working|resolved|gone|visible))|will now|now you (?:can|should)|✅|🎉",
  );

  // --- correction ------------------------------------------------------------------------------

  /** Openers that reject what came before. */
  const NEGATION = start(
    "non(?=[\\s,.!]|$)|no(?=$|[\\s]*[,.!:;–—-]|\\s+(?:you|that|this|it|not|wait|stop|don'?t|do not|we|i meant|the|its?|it'?s|use|just|please)\\b)|nope|nah|not quite|not really|wrong|incorrect|actually|that'?s (?:not|wrong|incorrect)|this is (?:not|wrong)|that is (?:not|wrong)|not like (?:this|that)|not this|undo|revert|nein|falsch|нет|не так|неправильно|不对|不是|错了",
  );
  /** "yes/ok/better, but …": accepted with a change, which is a correction. */
  const BUT =
    /^(?:yes|yeah|yep|ok(?:ay)?|sure|better|good|great|nice|works|that works|it works|looks good|almost|close|partially|right|fine|alright|oui|si|sí|bien|bon|да|ja|好)(?![\p{L}\p{N}_])[^.?!]{0,40}?(?<![\p{L}\p{N}_])(?:but|except|however|although|though|mais|pero|aber|но|但是)(?![\p{L}\p{N}_])/u;
  /** A turn that opens with "but …" objects to what the agent just said. */
  const OBJECTION = start("but|mais|pero|aber|но");
  /** "still …" with something left wrong ("still no …", "there is still an error", "I still see …"). */
  const STILL = w(
    "still (?:see|seeing|get|getting|has|have|having|there|shows?|showing|exists?|appears?|the same|no|not|doesn'?t|don'?t|isn'?t|aren'?t|can'?t|won'?t|broken|wrong|incorrect|failing|fails|errors?|an? (?:error|issue|problem|bug)|issues?|problems?|bugs?|(?:talks?|uses?|mentions?|refers?|contains?|says?|references?|points?)|(?:some|many|lots?|a lot of|several))|todav[ií]a (?:no|hay|falla|sigue)|sigue(?:n)? (?:ah[ií]|igual|sin|fallando|mal)|encore des|toujours (?:pas|des|le même|la même)|immer noch|всё ещё|все еще|还是|仍然|依然",
  );
  const MODAL_STILL = w("(?:might|may|could|would|will|can) still|still (?:need|needs|have to|has to|want|missing from the)");
  const AGAIN = w("still|again|yet again|once again|same (?:error|issue|problem|thing|result|behaviou?r)|nothing (?:changed|happens|happened)|no change|no difference|keeps? (?:failing|crashing|happening|showing)");
  const FAIL = w(
    "errors?|erroring|throws|throwing|fail(?:s|ed|ing|ure)?|broken|breaks?|crash(?:es|ed|ing)?|exception|not (?:work(?:ing)?|load(?:ing)?|show(?:ing)?|render(?:ing)?|fixed|there|visible|running|found|displayed|updated|changed)|(?:does|did|is|was|will|can)(?:n'?t| not) (?:work|load|show|render|exist|compile|run|start|appear|change|fix|help|display|see|find|open)|isn'?t (?:working|loading|showing|there|running)|won'?t (?:work|load|start|run)|don'?t see|no (?:data|output|effect)|missing|lost|stuck|timing out|times out|messed up|wrong|empty|blank|same|degraded|destroyed|404|500|not (?:displaying|showing|loading|rendering|updating|appearing|saving|changing|responding|starting|compiling)|no (?:funciona|anda|aparece|desaparec\\p{L}*|cambia\\p{L}*|se (?:ve|muestra|guarda|actualiza)|sirve|carga|muestra)|sin datos|ne (?:se )?\\p{L}+ (?:pas|plus|rien)|n'\\p{L}+ (?:pas|plus)|rien ne|no se (?:ve|muestra|guarda|actualiza|carga|abre|puede)",
  );
  /** Asking for answers in a language: a standing preference. */
  const LANGUAGE = w(
    "(?:answer|respond|reply|write|speak|talk|r[ée]pon(?:d|ds|dez)|responde|antworte|отвечай|用)(?: to me| me| moi)? (?:in|en|auf|на|中文|por)? ?(?:english|french|fran[cç]ais|german|deutsch|spanish|espa[ñn]ol|chinese|russian|русском|中文|italian|italiano|portuguese|portugu[eê]s|japanese|日本語)",
  );
  /** A verdict that the last change failed, at the very start of the turn. */
  const START_FAIL = start(
    "it'?s (?:erroring|failing|broken|crashing|not working)|(?:it )?(?:errors?|fails?) (?:out|again)|(?:it |this |that )?(?:still )?(?:doesn'?t|does not|didn'?t|did not|won'?t) (?:work|help|change anything|load|compile|run)|not working|(?:i )?doubt (?:it|that|this) works|broken|same (?:error|issue|problem|result|thing)|nothing changed|no change",
  );
  /** Reproach and redirection: only meaningful after an agent message. */
  const REPROACH = w(
    "i (?:already|just) (?:showed|told|said|gave|sent|explained)|simplify (?:this|it|that)|too complicated|overkill|over-?engineered|you (?:already|again|still|just|also) (?:created|added|made|changed|removed|deleted|did|wrote|put|broke|used)|i thought (?:we|you|it|this|that) (?:were|was|would|are|is|should|had|agreed)|(?:is|that'?s|kinda|very|super|really|quite|too) confusing|please actually|actually (?:do|implement|fix|use|run|make|change)|(?:again|this time),? (?:and )?properly|properly this time|do it (?:right|properly)|why (?:can'?t|couldn'?t|won'?t|wouldn'?t) you|you (?:forgot|missed|ignored|deleted|removed|broke|lost|destroyed|changed|reverted|overwrote|keep|kept|still|again|didn'?t|did not|haven'?t|have not|never|were supposed|are supposed|should have|shouldn'?t have|should not have|only|just|seem to|apparently|misunderstood|misread|made|put|used|created|added|updated|wrote)|why (?:did|do|are|would|have|were|is) you|why (?:isn'?t|doesn'?t|didn'?t|is (?:this|that|it|there) (?:still|not))|why (?:the hell|on earth)|i (?:asked|told|said|meant|wanted|specifically|explicitly|already (?:said|told|asked))|(?:didn'?t|did) (?:we|i) (?:say|agree|ask|tell)|we (?:asked|agreed|said|discussed|wanted) (?:for|you|to|that)|are you (?:not listening|sure|kidding|serious)|the (?:point|idea|goal) (?:was|is) to|not what i|that'?s not (?:what|how|it|right|correct|true)|this is not (?:what|how|right|correct)|go back to|roll ?back|put (?:it|them) back|change (?:it|this|that) back|should(?: not|n'?t) (?:be|have)|must not|(?:don'?t|do not) (?:do|use|add|create|change|touch|make|put|write|delete|remove|ever|need|want|mock|rename|move|call|return)|(?:i|we) (?:don'?t|do not) (?:even )?(?:want|need|like)|stop (?:doing|using|adding|creating|mocking|changing|writing|making)|never ever|not (?:correct|right|accurate|true|necessary|needed)|(?:is|are)(?:n'?t| not) (?:correct|right|accurate|true|necessary|needed)|is (?:this|that|it) (?:still )?(?:correct|right|accurate|true)\\?|(?:seems?|looks?|feels?) (?:wrong|off|incorrect|broken)|(?:doesn'?t|does not) (?:seem|look) (?:correct|right)|could be wrong|makes no sense|nonsense|unnecessar(?:y|ily)|too (?:wide|big|small|long|short|horizontal|vertical|complicated|complex|much|many|slow|verbose)|you (?:are|were|'re) (?:wrong|mistaken)|hallucinat\\w*|less work|simpler (?:to|would)|instead(?: of)?|rather than|not in (?:the|this)|in the wrong|(?<=[,—–-] )not (?:the|a|an|in|on|to|into|from|with|as)|you(?:'re| are) (?:missing|ignoring|not (?:using|listening|reading))|(?:perhaps|maybe) (?:we|you) should|shouldn'?t (?:we|you)|wouldn'?t it be (?:better|easier|simpler)|why not (?:just )?use|can'?t (?:we|you) (?:just )?use|it would be (?:better|simpler|easier) to|you (?:can|could) (?:just |simply )?(?:use|set|call|do|run)|(?:is|are|was|were|'s) (?:wrong|incorrect|invalid)|(?:does|do|did) (?:exist|work|support|have|compile)|wrong (?:file|repo|folder|directory|place|path|branch|one|version)",
  );
  /** "what about X?" after a claim of completeness: an omission. */
  const OMISSION = start(
    "(?:now |so |ok |but |and )?(?:what about|you (?:also )?need to|also need to|you (?:still )?have to)|(?:and )?what about|did you (?:also )?(?:update|check|clean|test|remove|change|fix|add|consider|run)|have you (?:also )?(?:updated|checked|tested|considered|run)|you (?:also )?need to|also need to|you (?:still )?have to",
  );
  /** Corrections in other languages (the head is matched; word lists stay short on purpose). */
  const FOREIGN = [
    /不对|错了|不是这样|还是(?:不行|一样|报错|错|有问题|没|不)|依然|仍然|没有(?:生效|变化|用)|不要|别再|改回|撤销|你(?:总是|又|没有|怎么)/u,
    w(
      "ya te (?:lo )?(?:mostr|dij|expliqu|pas)\\p{L}*|no deber[ií]a(?:mos)?|no funciona|sigue (?:igual|sin|fallando|dando|mal)|todav[ií]a (?:no|hay|falla)|est[aá] mal|incorrecto|no es (?:eso|as[ií]|correcto)|el problema (?:no )?est[aá] en|n[aã]o funciona|ainda (?:n[aã]o|tem|d[aá])|errado",
    ),
    w("опять|всё ещё|все еще|до сих пор|не работает|зациклил\\w*|не то|сам (?:\\p{L}+)|не надо|не нужно"),
    w("immer noch|funktioniert nicht|geht nicht|nicht richtig|stimmt nicht"),
    w("je (?:te|vous) l'ai (?:d[ée]j[àa] )?(?:dit|montr[ée]|expliqu[ée])|ce n'est pas (?:ma question|ce que)|toujours pas|ne marche pas|ne fonctionne pas|pas correct|c'?est faux"),
  ];

  // --- plan acceptance / decision ------------------------------------------------------------

  /** A go-ahead that needs no context ("go ahead", "sounds good"). */
  const GO = start(
    "go ahead|go for it|proceed|yes,? let'?s|let'?s (?:start|begin|move on)|do it|let'?s do (?:it|that|this)|let'?s go|let'?s proceed|please (?:do|proceed|go ahead|continue(?=\\s*(?:[.,!;]|$)))|sounds (?:good|great|right|fine)|approved?|all approved|agreed|make it so|ship it|release it|make the pr|implement (?:it|this|that|them|these)|fix (?:it|this|that|them)(?: then)?|so\\.* fix it|continue(?=\\s*(?:[.,!;]|$|please|on|with (?:it|that|this|the plan|the next)))|carry on|keep going|yes,? (?:please|go ahead|proceed|do it|continue)|you'?re right|dale|s[ií],? dale|procede|adelante|hazlo|de acuerdo|vas[- ]y|allez|fais[- ]le|d'accord|c'est bon,? (?:vas|fais)|tu as raison|tienes raz[oó]n|mach (?:es|das)|los geht'?s|давай|делай|好的|可以|继续|开始吧",
  );
  /** A yes or a choice that only means acceptance after the agent asked. */
  const YES = start("y(?:es|eah|ep|up)?|oui|ja|claro|bien s[uû]r|sure|ok(?:ay)?|alright|right|fine|absolutely|definitely|of course|why not|option \\w+|sí|si|да|好的?|可以|是的");
  /** Praise followed by the next step of the proposal ("Great, commit the change"). */
  const PRAISE_GO =
    /^(?:great|perfect|excellent|nice|good|awesome|thanks?|thank you|cool|love it)[,.!\s-]+(?:now |please |then |and |so )*(?:commit|push|merge|proceed|go ahead|continue|implement|do it|apply|ship|release|deploy|let'?s (?:do|go|proceed|commit|continue))\b/u;
  /** The whole turn picks options: "2", "B then A", "option 1". */
  const CHOICE = /^(?:option\s*)?\(?[a-d1-9]\)?(?:\s*(?:then|and|,|\+|&|>|->)\s*\(?[a-d1-9]\)?)*[.!]*$/u;
  /** "…, then proceed" / "… and proceed". */
  const PROCEED_END = /(?:\band|\bthen|,)\s+(?:proceed|continue|go ahead|carry on)\W*$/u;
  /** After an offer, an imperative that carries it out. */
  const DO_IT = w("proceed|go ahead|implement (?:it|this|that|them|these)|do (?:it|that|this|both|all|so)|carry on|fix (?:it|this|that|them)|(?:i )?want you to (?:implement|do|fix|proceed|continue) (?:it|this|that|them|these)");
  /** A decision stated as such ("we decided to go with pnpm"). */
  const DECIDED = w("we(?:'ve| have)? decided|i(?:'ve| have)? decided|let'?s go with|we'?ll go with|i'?ll go with|go with (?:option|the|approach|plan|your)|i choose|i pick|we'?re going with");

  // --- approval --------------------------------------------------------------------------------

  const PRAISE = start(
    "perfect|excellent|awesome|amazing|great(?: job| work| stuff)?|nice(?: work| job| one)?|well done|good job|good work|brilliant|beautiful|fantastic|wonderful|love it|looks (?:good|great|perfect)|lgtm|exactly|that'?s (?:it|right|correct|perfect|great)|correct|works(?: now| great| perfectly| fine)?|it works|that works|this works|that worked|this worked|that fixed it|fixed it|works for me|much better|yes,? (?:that'?s|this is|it is|it'?s)? ?(?:right|correct|good|perfect|it)|yes!+|super(?! (?:confusing|slow|weird|annoying|broken))|g[ée]nial|parfait|excelente|genial|bien hecho|prima|klasse|完美|很好|太好了|perfecto|отлично|супер",
  );
  const PRAISE_ANY = w(
    "(?:it'?s|is|seems to be|now) (?:working|works) (?:properly|fine|great|well|correctly|now|as expected)|working (?:properly|fine|great|correctly) now|great job|nice work|well done|good job|thanks?,? (?:that|it|this) (?:works|worked|fixed it)|thank you,? (?:that|it|this) (?:works|worked|fixed it)|works (?:now|great|perfectly)|that (?:worked|fixed it)|exactly what i (?:wanted|needed)",
  );

  // --- preference ------------------------------------------------------------------------------

  /** A standing rule: how to work from now on. */
  const RULE_STRONG = w(
    "(?:don'?t|do not|never)\\b[^.!?]{1,60}\\bever|from now on|going forward|in (?:the )?future|next time|for future|every time|whenever you|as a rule|remember (?:to|that)|make sure (?:to|you) always|(?:don'?t|do not) ever|never ever|always (?:use|run|write|ask|check|prefer|keep|put|add|test|commit|read)|never (?:use|run|write|commit|push|create|add|change|delete|mock|touch|edit|make|put)",
  );
  const RULE_SOFT = w(
    "my \\p{L}+ (?:\\p{L}+ )?(?:are|is) (?:usually|always|generally)|(?:i|we) (?:always|usually|generally|normally|typically|never|prefer|like to|want you to always)|my (?:preference|convention)|our (?:convention|rule|policy|standard)|in this (?:project|repo|codebase),? (?:we|always|never|don'?t|use)|(?:we|i) use \\p{L}+ (?:for|instead)|(?:don'?t|do not) want (?:to|you to) (?:use|ever)",
  );

  // --- not the user's words --------------------------------------------------------------------

  /** Text the user pasted from an agent (an architect's plan, a previous reply). */
  const AGENT_VOICE = start(
    "i can'?t (?:run|access|execute|see|open)|i (?:don'?t|do not) have (?:access|the ability)|i'?ll (?:help|implement|start|proceed|update|create|add|fix|now|first|check|analy[sz]e|need|instruct)|i will (?:help|implement|start|proceed|update|create|add|fix|now|first)|i(?:'ve| have) (?:updated|added|made|implemented|created|fixed|reviewed|analy[sz]ed)|let me (?:first|start|check|analy[sz]e|look|help|implement|fix|update|create)|here (?:is|are|'s) (?:the|a|an|my|how|what)|looking at (?:the|your|this)|based on (?:the|your|this)|certainly|sure[,!] (?:i|here|let)|okay, (?:let'?s|we'?re|i'?ll|i will)|ok, (?:let'?s|i'?ll)|great\\. (?:to|based|now|here)|thanks (?:for|—|-)|thanks\\. (?:to|the)|proposed change|make (?:these|the following)|change summary|plan:|problem (?:your|the)|to (?:fix|resolve|make|add|implement|address) (?:this|the|these)|you'?re (?:absolutely )?right|entiendo|claro,|para (?:resolver|analizar)",
  );
  const LOG_START = /^(?:\[[a-z]+\]|traceback|file "|error:|\w+error:|exception|warning:|\$ |> |at |\[?\d{4}-\d\d-\d\d|\d{2}:\d{2}:\d{2}|npm err|fatal:|usage:)/i;
  return {
    ASKED,
    CLAIMED,
    NEGATION,
    BUT,
    OBJECTION,
    STILL,
    MODAL_STILL,
    AGAIN,
    FAIL,
    LANGUAGE,
    START_FAIL,
    REPROACH,
    OMISSION,
    FOREIGN,
    GO,
    YES,
    PRAISE_GO,
    CHOICE,
    PROCEED_END,
    DO_IT,
    DECIDED,
    PRAISE,
    PRAISE_ANY,
    RULE_STRONG,
    RULE_SOFT,
    AGENT_VOICE,
    LOG_START,
  };
}

let built: ReturnType<typeof build> | null = null;
const rules = (): ReturnType<typeof build> => (built ??= build());

// --- helpers ---------------------------------------------------------------------------------

const lower = (s: string): string => s.toLowerCase().replace(/[\u2018\u2019]/g, "'");

const sentencesOf = (text: string): string[] => text.split(/(?<=[.!?。！？:])\s+|\s+(?:-->|—|–|-)\s+|\\\s/u).filter((x) => x.trim());

/** The sentence of `text` in which `re` matches, else the first sentence. */
function keySentence(text: string, re: RegExp | null): string {
  const sentences = sentencesOf(text);
  const hit = re ? sentences.find((s) => re.test(lower(s))) : undefined;
  return (hit ?? sentences[0] ?? text).trim();
}

/** Shares a long run of words with the agent message: pasted back. */
function echoes(text: string, before: string): boolean {
  if (text.length < 120 || before.length < 120) return false;
  const probe = lower(text).slice(0, 200).replace(/\s+/g, " ");
  const b = lower(before).replace(/\s+/g, " ");
  for (let i = 0; i + 60 <= probe.length; i += 30) if (b.includes(probe.slice(i, i + 60))) return true;
  return false;
}

/** "X works now, but Y is empty": after "but"/"except", a failure close by. */
function butFails(head: string, fail: RegExp): boolean {
  const m = /(?<![\p{L}\p{N}_])(?:but|except|mais|sauf|pero|excepto|salvo|aber|außer|но|кроме)(?![\p{L}\p{N}_])/u.exec(head);
  return !!m && fail.test(head.slice(m.index, m.index + 90));
}

const WORD = /[\p{L}\p{N}][\p{L}\p{N}_./-]{2,}/gu;
const STOP = new Set(["the", "and", "for", "with", "that", "this", "then", "now", "let", "let's", "lets", "please", "can", "you", "your", "our", "all", "too", "also", "just", "yes", "ok", "okay"]);

/** A short imperative made of the agent's own words: the user takes one of the offered options. */
function picksOffer(text: string, tail: string): boolean {
  if (text.length > 120 || /\?\s*$/.test(text)) return false;
  const words = (lower(text).match(WORD) ?? []).filter((x) => !STOP.has(x));
  if (words.length === 0 || words.length > 12) return false;
  const inTail = words.filter((x) => tail.includes(x)).length;
  return inTail / words.length >= 0.5;
}

/**
 * Detects feedback in `text` (normalized user words) given the agent message
 * before it (`before`, null or "" when unknown). Null when it is not feedback.
 */
export function detectFeedback(text: string, before: string | null): Detection | null {
  const r = rules();
  const t = text.trim();
  if (!t) return null;
  const l = lower(t);
  if (IGNORED.test(l)) return null;
  const prev = (before ?? "").trim();
  const hasPrev = prev.length > 0;
  if (r.AGENT_VOICE.test(l) && t.length > 200) return null;
  if (r.LOG_START.test(l)) return null;
  if (hasPrev && echoes(t, prev)) return null;

  const head = l.slice(0, HEAD);
  const tail = lower(prev.slice(-600));
  const asked = hasPrev && (r.ASKED.test(tail) || /\?\W*$/u.test(tail.trim()));
  const claimed = hasPrev && r.CLAIMED.test(tail);
  const short = t.length <= 300;
  const d = (type: DetectedType, confidence: Confidence, rationale: string, re: RegExp | null): Detection => ({ type, confidence, rationale, key: keySentence(t, re) });

  // corrections that need no context
  if (r.BUT.test(head)) return d("correction", "high", "accepted with a change", /\b(?:but|except|however|although|though)\b/u);
  if (r.NEGATION.test(head)) {
    // "no" to "Shall I …?" declines the proposal; "no, …" elsewhere rejects what the agent said or did
    return d("correction", head.length <= 3 && !hasPrev ? "medium" : "high", "rejects the previous message", null);
  }
  const again = sentencesOf(head).some((x) => r.AGAIN.test(x) && r.FAIL.test(x) && !r.MODAL_STILL.test(x));
  if (again) return d("correction", hasPrev ? "high" : "medium", "still failing after the agent's change", r.AGAIN);
  if (r.STILL.test(head) && !r.MODAL_STILL.test(head)) return d("correction", hasPrev ? "high" : "medium", "something is still wrong", r.STILL);
  if (hasPrev && butFails(head, r.FAIL)) return d("correction", "medium", "progress, but something fails", r.FAIL);
  if (hasPrev && r.OBJECTION.test(head)) return d("correction", "medium", "objects to the previous message", null);
  const foreign = r.FOREIGN.find((re) => re.test(head));
  if (foreign) return d("correction", hasPrev ? "high" : "medium", "correction (non-English)", foreign);

  // standing rules outrank the softer correction cues: "from now on, don't …" is a preference
  if (r.RULE_STRONG.test(head) && !r.PRAISE.test(head)) return d("preference", "high", "standing rule", r.RULE_STRONG);

  if (hasPrev) {
    const hits = [...head.matchAll(new RegExp(r.REPROACH.source, "gu"))];
    if (hits.length > 1 || (hits.length === 1 && (hits[0].index ?? 0) < 150)) {
      const strong = hits.length > 1 || r.FAIL.test(head) || claimed;
      return d("correction", strong ? "high" : "medium", "redirects what the agent did", r.REPROACH);
    }
    if (claimed && r.FAIL.test(l.slice(0, 250))) return d("correction", "medium", "reports a failure after a claim of success", r.FAIL);
    if (claimed && r.OMISSION.test(head)) return d("correction", "low", "points out an omission", r.OMISSION);
  }

  if (r.START_FAIL.test(head)) return d("correction", hasPrev ? "high" : "medium", "says the last change failed", r.START_FAIL);

  // plan acceptance
  if (r.CHOICE.test(l)) return d("decision", asked ? "high" : "medium", "picks one of the agent's options", null);
  if (r.PROCEED_END.test(head) && short) return d("decision", asked ? "high" : "medium", "asks to proceed", null);
  if (asked && short && r.DO_IT.test(head)) return d("decision", "high", "takes up what the agent offered", r.DO_IT);
  if (r.PRAISE_GO.test(head)) return d("decision", asked || claimed ? "high" : "medium", "takes up the proposal", null);
  if (r.DECIDED.test(head)) return d("decision", "medium", "records a decision", r.DECIDED);
  const goRest = l.replace(r.GO, "").trim();
  if (r.GO.test(head) && (goRest.length <= 80 || (asked && short))) return d("decision", asked ? "high" : "medium", "plan acceptance", null);
  if (asked && picksOffer(t, tail)) return d("decision", "medium", "picks what the agent offered", null);
  const yesQuestion = /\?\s*$/.test(t) && !/^(?:y(?:es|eah|ep)|sure)\b/u.test(head);
  if (asked && !yesQuestion && r.YES.test(head) && (short || /^(?:y(?:es|eah|ep)|sure)\b/u.test(head))) return d("decision", "high", "accepts what the agent proposed", null);

  // approval: explicit praise of the result
  if (r.PRAISE.test(head) || (short && r.PRAISE_ANY.test(head))) return d("approval", "medium", "praises the result", null);

  if (r.RULE_SOFT.test(head) && short) return d("preference", "medium", "stated preference", r.RULE_SOFT);
  if (r.LANGUAGE.test(head)) return d("preference", "medium", "answer language", r.LANGUAGE);
  return null;
}
