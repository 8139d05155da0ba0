// The feedback detector: a user turn read against the agent message before it
// (docs/feedback.md). The same words mean different things after different
// agent messages: "yes" answers "Shall I proceed?" (plan acceptance) but not a
// report; "still errors" corrects a claim of success; "doesn't work" with no
// claim before it is a bug report (a new task). Rules only read the head of
// the turn: users lead with their verdict, pasted logs and specs follow.

import { envSlot } from "../env.js";

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

/**
 * Unicode property classes, written out as ranges. V8 compiles each `\p{L}`
 * into a class of hundreds of ranges, about half a millisecond per pattern the
 * first time it runs; the hook reads one turn per process, so that was most of
 * its cost (docs/feedback.md). These ranges cover the scripts users write to
 * agents in (Latin with its extensions, Greek, Cyrillic, Armenian, Hebrew,
 * Arabic, the Indic scripts, Thai, Vietnamese, Hangul, kana and Han); the
 * patterns keep `\p{…}` in their source and `fast` swaps the ranges in.
 */
const RANGES: Readonly<Record<string, string>> = {
  L: "A-Za-z\\u00AA\\u00B5\\u00BA\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u02AF\\u0370-\\u03FF\\u0400-\\u052F\\u0531-\\u0587\\u05D0-\\u05F2\\u0620-\\u06D3\\u0900-\\u0DFF\\u0E00-\\u0EFF\\u1100-\\u11FF\\u1E00-\\u1FFF\\u3040-\\u30FF\\u3400-\\u4DBF\\u4E00-\\u9FFF\\uAC00-\\uD7AF\\uF900-\\uFAFF\\uFF21-\\uFF3A\\uFF41-\\uFF5A\\uFF66-\\uFF9F",
  N: "0-9\\u0660-\\u0669\\u06F0-\\u06F9\\u0966-\\u096F\\uFF10-\\uFF19",
  "sc=Han": "\\u3400-\\u4DBF\\u4E00-\\u9FFF\\uF900-\\uFAFF",
  "sc=Hiragana": "\\u3040-\\u309F",
  "sc=Katakana": "\\u30A0-\\u30FF\\u31F0-\\u31FF\\uFF66-\\uFF9F",
};

/** `src` with each `\p{L}`, `\p{N}`, `\p{sc=Han|Hiragana|Katakana}` written as ranges (inside a class or as a class of its own). */
export function fast(src: string): string {
  const ranges = (name: string): string | undefined => RANGES[name] ?? RANGES[`sc=${name.replace(/^(?:sc|Script)=/, "")}`];
  // one pass over the source: a whole class, a property outside a class, any other escape (skipped as is)
  return src.replace(/\[(?:\\.|[^\]\\])*\]|\\p\{([^}]+)\}|\\./g, (tok: string, name?: string) => {
    if (name) {
      const r = ranges(name);
      return r ? `[${r}]` : tok;
    }
    if (tok[0] !== "[") return tok;
    return tok.replace(/\\p\{([^}]+)\}/g, (p: string, n: string) => ranges(n) ?? p);
  });
}

/** A pattern built with `fast` (flags "u" unless given). */
export const re = (src: string, flags = "u"): RegExp => new RegExp(fast(src), flags);

const CJK = "[\\p{sc=Han}\\p{sc=Hiragana}\\p{sc=Katakana}]";
/** A word character for boundaries: letters and digits, except in scripts written without spaces (Han, kana). */
const WORDCHAR = `(?!${CJK})[\\p{L}\\p{N}_]`;
/**
 * A `\b` that knows letters beyond ASCII. A word that begins or ends in Han
 * or kana needs no boundary on that side: "还是" in "还是有一个错误" and in "还是404呢".
 */
const OPEN = `(?:(?=${CJK})|(?<!${WORDCHAR}))`;
const CLOSE = `(?:(?<=${CJK})|(?!${WORDCHAR}))`;
const w = (alt: string): RegExp => re(`${OPEN}(?:${alt})${CLOSE}`);
const start = (alt: string): RegExp => re(`^(?:${alt})${CLOSE}`);

const HEAD = 400;
/** The agent asks the user to confirm ("Please confirm", "confirme", "Подтверди, и я запущу команду", "确认后", "확인해 주시면"). */
const CONFIRM = /conf[ií]rm|подтверд|確認|确认|확인/u;
const IGNORED = /^(?:ok|okay|ок|окей|cool|thanks|thank you|ty|k|👍|👌)[.!]*$/u;

/** The rule patterns, built on first use: most hook events are not user turns and never need them. */
function build() {
  // --- what the agent message before the turn did -------------------------------------------

  /** The agent asked for a go-ahead or offered options. */
  const ASKED = w(
    "would you like|shall i|should i|do you want|want me to|(?:let me know|tell me) (?:if|when|how|which|whether)|ready to (?:proceed|move on|start|implement|continue|begin)|(?:can|may) i (?:proceed|go ahead|start|continue)|which (?:approach|option|one|do you)|please (?:confirm|approve|review|let me know|choose|select|pick)|(?:choose|select|pick) (?:a|an|one|the) (?:number|option|command)|once (?:you(?:'ve)? )?approved?|awaiting your|your (?:approval|confirmation|go-ahead)|if you(?:'d)? (?:like|want|prefer)|how would you like|or (?:should|would|do) (?:i|you)|quieres que|si (?:lo )?quieres|si (?:lo )?deseas|te parece|deseas que|puedo|te propongo|voulez-vous|veux-tu|souhaitez-vous|je (?:te|vous) propose|je peux|puis-je|soll ich|möchtest du|хотите|нужно ли|quer que|deseja que|gostaria (?:que|de)|posso|vuoi che|preferisci|devo|могу ли|сделать ли|подтверд\\p{L}*|할까요|드릴까요|원하시\\p{L}*|하시겠\\p{L}*|prefere|devo|aguardando (?:sua|suas|seu)|qual (?:caminho|op[cç][aã]o|abordagem)|si tu (?:le )?veux|si vous (?:le )?(?:voulez|souhaitez)|se (?:você )?quiser|se vuoi|wenn du (?:willst|möchtest)|valides?[\\s‐‑-]*tu|tu valides|confirme[sz]?|(?:ça|cela) te va|c'est bon pour (?:toi|vous)|are you (?:comfortable|ok|okay|happy|fine) with|does (?:this|that) (?:work|sound)|(?:is|are) (?:this|that|these) (?:ok|okay|fine|acceptable)",
  );
  /** The same offer in languages written without spaces (no word boundaries there). */
  const ASKED_CJK =
    /<\/options>\s*$|如果(?:你|您)?(?:需要|想要?|愿意|願意)|请(?:选择|确认|告知|告诉我|回复)|选哪(?:个|一个|种|一种)|哪(?:个|种)(?:方案|选项|方式|方向)|吗[？?]?\s*$|是否(?:需要|要|继续|接受|同意|可以)|能否提供|要不要|需要我|ますか[？?]?\s*$|しましょうか|よろしいですか|(?:할|드릴|볼|갈)까요|하시겠어요|원하시면|원하세요/u;
  /** The agent said the work is done or fixed. */
  const CLAIMED = w(
    "now (?:works?|working|fixed|fully|correctly|properly|shows?|displays?|accurately|reflects?|has|uses|handles|loads?|runs?|renders?|supports?|includes?)|should now|is now|are now|(?:has|have) been (?:fixed|resolved|updated|implemented|completed|removed|added|created|regenerated|moved|saved|written|generated|stored|deployed|pushed|installed|configured)|(?:is|are) (?:now )?(?:saved|written|generated|stored|deployed|installed|configured|in place|set up)|successfully|succeed(?:s|ed)?|committed and pushed|fixed|resolved|complete(?:d)?|done|ready|working|all tests pass|passes|verified|operational|try (?:it )?(?:again|now)|please (?:refresh|try|test|reload|restart|check)|(?:refresh|reload|restart) and (?:try|test|check)|try (?:\\p{L}+ing )?again|give it a (?:try|go|shot)|(?:test|try) it out|teste agora|prueba (?:ahora|de nuevo)|r[ée]essa(?:ie|yez)|should (?:work|be (?:fixed|working|resolved|gone|visible))|will now|now you (?:can|should)|✅|🎉|i(?:'ve| have)? (?:updated|fixed|added|changed|implemented|removed|created|modified|refactored|moved|replaced|renamed|adjusted|applied|made|corrected|overwritten|rewritten)|ya (?:est[aá]|funciona)|agregu[ée]|a[nñ]ad[ií]|actualic[ée]|cambi[ée]|correg[ií]|arregl[ée]|implement[ée]|elimin[ée]|quit[ée]|cre[ée]|modifiqu[ée]|ajust[ée]|mov[ií]|reemplac[ée]|j'ai (?:ajout[ée]|modifi[ée]|corrig[ée]|mis à jour|supprim[ée]|cr[ée]{2}|remplac[ée]|impl[ée]ment[ée]|chang[ée]|d[ée]plac[ée])|adicionei|atualizei|corrigi|alterei|removi|criei|implementei|ajustei|corregido|arreglado|listo|maintenant|corrig[ée]e?s?|termin[ée]|jetzt|behoben|теперь|исправлен\\p{L}*|agora|ahora|ora funziona|adesso|risolto|corretto|이제|완료|수정했\\p{L}*|해결했\\p{L}*|actualizad[oa]s?|completad[oa]s?|agregad[oa]s?|a[nñ]adid[oa]s?|conclu[ií]d[oa]s?|pronto|corrigid[oa]s?|implementad[oa]s?|funcionando|atualizad[oa]s?|key changes|changes made|summary of (?:the )?changes|what (?:i )?changed|(?:[-*•]|\\d+[.)]|#+)\\s+(?:\\*\\*)?(?:added|removed|deleted|updated|changed|replaced|moved|renamed|created|refactored|simplified|implemented|modified|converted|introduced|extracted|wrapped|switched|fixed)",
  );
  /** A claim in languages written without spaces: "已修复", "现在侧边栏会显示…", "修正しました". */
  const CLAIMED_CJK = /现在(?:可以|应该|会|已|能|就)|已经|已(?:修复|完成|更新|添加|移除|调整|删除|重启|实现|解决|修改|创建|合并|推送|将)|刷新页面|成功|しました|完了|はずです|てみてください|お試しください|試してください/u;

  // --- correction ------------------------------------------------------------------------------

  /** Openers that reject what came before. */
  const NEGATION = start(
    "non(?=[\\s,.!]|$)|no(?=$|[\\s]*[,.!:;–—-]|\\s+(?:you|that|this|it|not|wait|stop|don'?t|do not|we|i meant|the|its?|it'?s|use|just|please)\\b)|nope|nah|not quite|not really|wrong|incorrect|actually|that'?s (?:not|wrong|incorrect)|this is (?:not|wrong)|that is (?:not|wrong)|not like (?:this|that)|not this|undo|revert|nein|falsch|нет|не так|неправильно|sbagliato|아니(?:요|야|에요)?|不对|不是|错了",
  );
  /** "yes/ok/better, but …": accepted with a change, which is a correction. */
  const BUT = re(
    String.raw`^(?:yes|yeah|yep|ok(?:ay)?|sure|better|good|great|nice|works|that works|it works|looks good|almost|close|partially|right|fine|alright|oui|si|sí|sim|bien|bon|да|ja|好)(?![\p{L}\p{N}_])[^.?!]{0,40}?(?<![\p{L}\p{N}_])(?:but|except|however|although|though|mais|mas|pero|aber|но|但是)(?![\p{L}\p{N}_])`,
    "u",
  );
  /** A turn that opens with "but …" objects to what the agent just said. */
  const OBJECTION = start("but|mais|pero|aber|но|그런데|근데|하지만");
  /** "still …" with something left wrong ("still no …", "there is still an error", "I still see …"). */
  const STILL = w(
    "(?:furt|pořád|stále) (?:nic|ne\\p{L}+|mi|to)|(?:still|stil|stll|sitll) (?:\\p{L}+ing|see+|seeing|get|getting|has|have|having|there|shows?|showing|exists?|appears?|the same|no|not|doesn'?t|don'?t|isn'?t|aren'?t|can'?t|won'?t|broken|wrong|incorrect|failing|fails|errors?|an? (?:error|issue|problem|bug)|issues?|problems?|bugs?|(?:talks?|uses?|mentions?|refers?|contains?|says?|references?|points?|redirects?|returns?|opens?|loads?|renders?|displays?|prints?|logs?|throws?|crashes|hangs?|freezes|goes|jumps?|resets?|reloads?|flickers?|overlaps?|overflows?|scrolls?|calls?|sends?|creates?|deletes?|happens?|occurs?|persists?)|(?:some|many|lots?|a lot of|several))|todav[ií]a (?:no|hay|falla|sigue)|sigue(?:n)? (?:ah[ií]|igual|sin|fallando|mal|saliendo|apareciendo|dando|pasando|ocurriendo)|continua(?:m)? (?:dando|aparecendo|falhando|acontecendo|com (?:o |os |a |as )?(?:mesm[oa]s? )?(?:erros?|problemas?))|(?:o |os )?(?:erros?|problemas?) (?:ainda )?persist(?:e|em|indo|iu)|encore des|toujours (?:pas|des|le même|la même)|immer noch|всё ещё|все еще|всё так(?:же)?|все так(?:же)?|по-прежнему|до сих пор|nadal|wciąż|(?:the |this |that |same )?(?:problem|error|issue|bug)s? (?:still )?persists?|还是|仍然|依然",
  );
  /** The words every STILL alternative holds: STILL (a large pattern, costly to compile) is tried only on a turn that has one. */
  const STILL_CUE = /furt|pořád|stále|stil|stll|sitll|todav|sigue|continua|persist|encore des|toujours|immer noch|всё ещё|все еще|всё так|все так|по-прежнему|до сих пор|nadal|wciąż|还是|仍然|依然/u;
  const MODAL_STILL = w("(?:might|may|could|would|will|can|should|must|to) still|still (?:need|needs|have to|has to|want|missing from the|working on|thinking|learning|trying to|deciding|going through|pending|running)");
  const AGAIN = w("still|again|yet again|once again|same (?:error|issue|problem|thing|result|behaviou?r)|nothing (?:changed|happens|happened)|no change|no difference|keeps? (?:failing|crashing|happening|showing)");
  const FAIL = w(
    "errors?|erroring|throws|throwing|fail(?:s|ed|ing|ures?)?|broken|breaks?|crash(?:es|ed|ing)?|exception|not (?:work(?:ing)?|load(?:ing)?|show(?:ing)?|render(?:ing)?|fixed|there|visible|running|found|displayed|updated|changed)|(?:does|did|is|was|will|can)(?:n'?t| not) (?:quite |really |actually |even |fully |seem to )?(?:work|load|show|render|exist|compile|run|start|appear|change|fix|help|display|see|find|open)|isn'?t (?:working|loading|showing|there|running)|won'?t (?:work|load|start|run)|don'?t see|no (?:data|output|effect)|missing|lost|stuck|timing out|times out|messed up|wrong|empty|blank|worse|gone|disappeared|vanished|(?:still|is|are|looks?|stays?|it'?s|that'?s) (?:still )?the same|same as before|degraded|destroyed|404|500|not (?:displaying|showing|loading|rendering|updating|appearing|saving|changing|responding|starting|compiling)|no (?:funciona|anda|aparece|desaparec\\p{L}*|cambia\\p{L}*|se (?:ve|muestra|guarda|actualiza)|sirve|carga|muestra)|sin datos|errores|erreurs?|fehler\\p{L}*|errore|errori|non funziona|ошибк\\p{L}*|не (?:работает|видно|отображается|показывает)|오류|에러|안 ?(?:돼|됨|되|됐|나와|나오|나왔|보여|보이|보였|열려|열리|열렸|떠|뜨|떴|움직|바뀌|바꼈|변하|변했|생기|생겼|먹)[가-힣]*|못 ?(?:찾|열|읽|불러)[가-힣]*|错误|エラー|erros?|falh(?:a|as|ou|ando)|n[aã]o (?:funciona|aparece|carrega|mostra|abre|mudou|muda)|ne (?:se )?\\p{L}+ (?:pas|plus|rien)|n'\\p{L}+ (?:pas|plus)|rien ne|no se (?:ve|muestra|guarda|actualiza|carga|abre|puede)",
  );
  /** Failure words in a condition ("create the folder if it doesn't exist", "in case of errors"): an instruction, not a report. */
  /**
   * Failure words naming a feature to build, not a failure seen: compounds ("error handling", "404 page",
   * "empty state", "failure cases"), a hypothetical subject ("a retry when the request fails"), and a
   * sentence that asks to add a test, a check or a handler ("add a test that the parser throws on empty input").
   */
  const FEATURE_FAIL = re(
    String.raw`(?<![\p{L}\p{N}_])(?:errors?|failures?|fail|exceptions?|crash(?:es)?)[- ](?:handling|handlers?|messages?|cases?|states?|pages?|screens?|toasts?|boundar(?:y|ies)|checkers?|checks?|codes?|logging|reporting|tracking|paths?|modes?|scenarios?|tests?|types?|classes?|text|banners?|dialogs?|modals?|views?|components?|responses?|status(?:es)?|flows?|values?|inputs?|fields?|links?|rates?|recovery|retr(?:y|ies)|notifications?|alerts?)(?![\p{L}\p{N}_])|(?<![\p{L}\p{N}_])(?:when|whenever|where|in case|to handle|to catch) (?:the|a|an|any|each|every) [\p{L}-]+ (?:[\p{L}-]+ )?(?:fails?|errors? out|crash(?:es)?|times? out|is (?:missing|empty|broken|not found|wrong|invalid|incorrect)|does(?:n'?t| not) (?:exist|load|respond))(?![\p{L}\p{N}_])|(?:^|(?<=[.!?]\s))(?:(?:now|next|then|also|ok(?:ay)?|great|good|perfect|thanks?|and|so)[,.!]?\s+)*(?:let'?s |please |can you |could you )?(?:add|create|write|implement|build|introduce|set up|generate|design|show|display|render)(?: (?:a|an|the|some|more|proper|better|new))? (?:[\p{L}\p{N}-]+ ){0,2}?(?:tests?|checks?|validation|handlers?|handling|fallbacks?|retr(?:y|ies)|guards?|cases?|pages?|states?|messages?|warnings?|toasts?|alerts?|banners?|logging)(?![\p{L}\p{N}_])[^.!?]*`,
    "gu",
  );
  const IF_FAIL = re(
    String.raw`(?<![\p{L}\p{N}_])(?:if|unless|in case(?: of)?|whether(?: or not)?|on|handle|handles|handling|catch(?:es)?|log(?:s|ging)?)\s+(?:(?!(?:but|and|then)\s)[\p{L}'’]+\s+){0,3}?(?:doesn'?t|does not|isn'?t|is not|don'?t|do not|fails?|errors?|exceptions?|failures?|missing|not found|broken)(?:\s+(?:exist|work|load|run|start|found|there|present)\p{L}*)?`,
    "gu",
  );
  /** A turn that opens a new task: "Now add a settings page …", "Let's move on to …", "Next task: …", "Create a new endpoint …". */
  const NEW_TASK = re(
    String.raw`^(?:(?:ok(?:ay)?|great|good|perfect|thanks?|thank you|alright|cool|nice)[,.!]?\s+)?(?:(?:now|next|then|and now|also|so)[,:]?\s+)?(?:let'?s (?:move on|now|build|create|add|implement|start|work on|begin|tackle)|moving on|next (?:task|step|up|feature|thing)|new (?:task|feature)|(?:add|create|build|implement|write|set up|introduce|start|generate|design|refactor|convert|migrate|port) (?:a |an |the |some )?(?:new )?[\p{L}-]+)`,
  );
  /** A language named (LANGUAGE, a large pattern, is tried only on a turn that names one). */
  const LANGUAGE_NAME = /english|french|fran[cç]ais|german|deutsch|spanish|espa[ñn]ol|chinese|russian|русском|по-русски|中文|繁中|简中|簡中|italian|portuguese|portugu[eê]s|japanese|日本語|한국어|한글|turkish|türkçe/u;
  /** Asking for answers in a language: a standing preference. */
  const LANGUAGE = w(
    "(?:keep|stay|stick)(?: to)? (?:it|this|that|the chat|our chat|the conversation|our conversation|everything|the answers|your answers|the responses|your responses|(?:all )?(?:the )?(?:comments|docs|messages|replies))(?: (?:all|only))? (?:in )?(?:english|french|german|spanish|chinese|russian|italian|portuguese|japanese)|(?:answer|respond|reply|write|speak|talk|r[ée]pon(?:d|ds|dez)|responde|antworte|отвечай|用)(?: to me| me| moi)? (?:in|en|auf|на|中文|por)? ?(?:english|french|fran[cç]ais|german|deutsch|spanish|espa[ñn]ol|chinese|russian|русском|中文|italian|italiano|portuguese|portugu[eê]s|japanese|日本語)|(?:(?:繁[體体]|简体|簡體)?中文|繁中|简中|簡中|英文|汉语|日文|日本語)(?:对话|對話|交流|沟通|回答|回复|回覆|で(?:話|答|回答))|(?:한국어|한글)로\\s?(?:답변|대답|설명|말|얘기|작성|써|해)\\p{L}*|(?:работа\\p{L}*|пиши|писал\\p{L}*|общайся|говори|отвечай|отвечал\\p{L}*)(?: со мной)? (?:на русском|по-русски)|(?:fale|fala|responda|escreva|converse)(?: comigo)? em portugu[eê]s|türkçe (?:sor|konuş|yaz|cevap|yanıt)\\p{L}*|(?:answer|respond|reply|write|speak|talk)(?: to me| me)? in turkish",
  );
  /** A verdict that the last change failed, at the very start of the turn. */
  const START_FAIL = start(
    "it'?s (?:erroring|failing|broken|crashing|not working)|(?:it )?(?:errors?|fails?) (?:out|again)|(?:it |this |that )?(?:still )?(?:doesn'?t|does not|didn'?t|did not|won'?t) (?:work|help|change anything|load|compile|run|fix (?:it|that|this|anything|the (?:issue|problem|bug))|solve (?:it|that|the (?:issue|problem)))|not working|(?:i )?doubt (?:it|that|this) works|(?:the )?(?:site|page|server|app|url) (?:cannot|can'?t|could not|couldn'?t) be (?:reached|found|loaded)|broken|same (?:error|issue|problem|result|thing)|nothing changed|no change",
  );
  /**
   * The user cannot do what the agent's last message had them do, or finds something wrong without naming it yet ("cant read
   * them", "I can't log in", "hmm something is not right"). Tried only on a turn that opens with one of its words (CANNOT_CUE).
   */
  const CANNOT =
    /^(?:hmm+,? |but |still |and )?(?:(?:i |we )?(?:still )?(?:can'?t|cant|cannot|can not|(?:am |are )?unable to|couldn'?t|could not) (?:even |still )?(?:read|run|see|open|find|access|log ?in|sign ?in|connect|load|install|build|start|use|click|type|scroll|select|drag|reach|compile|execute|launch|save|edit|get (?:it|to|past|in))|somethi?(?:ng|gn)(?:'s| is| seems| looks)? (?:not right|wrong|off|broken)|something went wrong)(?![a-z])/u;
  const CANNOT_CUE = /^.{0,24}?(?:can|unable|could|someth)/u;
  /**
   * What the user observes after the agent's change, when it is not what was
   * claimed: a state rather than a failure word ("now the page is blank", "it
   * only works for the first file", "the icon is cut off", "No screenshots").
   */
  const STATE = w(
    "there (?:is|are|'s|were) (?:still )?(?:some|a few|many|several|other|more|new|two|three|an?) (?:issues?|problems?|bugs?|glitches)|(?:really |very |too |so )?hard to (?:see|read|tell|distinguish|notice|click|use|find)|(?:having |have |had )(?:a )?(?:really |very )?hard time (?:seeing|reading|telling|finding|clicking)|(?:is|are|looks?|seems?|appears?|stays?|remains?)(?: still)? (?:too \\p{L}+|empty|blank|cut off|clipped|cropped|truncated|not (?:horizontally |vertically )?al+igned|hidden|invisible|gone|misaligned|overlapping|duplicated|unchanged|the same|off-?screen|in the wrong)|nothing (?:happens|happened|shows|showed|appears|changed|changes|works)|(?:it |this |that )?only (?:works|shows|displays|applies|renders|returns|handles|prints|runs)|(?:shows?|displays?|renders?|returns?|prints?|gives?) (?:nothing|only|the old|an? (?:blank|empty)|no)|(?:isn'?t|aren'?t|not|never) (?:shown|visible|displayed|rendered|applied|saved|updated|created|generated|there)|(?:cut|clipped|cropped) off|half (?:in|hidden|cut)|overlap\\p{L}*|duplicat\\p{L}*|(?:doesn'?t|does not|didn'?t|did not|don'?t|do not) (?:seem to |appear to )?(?:show|appear|change|update|do anything|happen|exist|take effect|apply|persist|save|switch|move|disappear)",
  );
  /** A short "no X" after a claim ("No screenshots", "no output"); not "no need", "no thanks". */
  const ABSENT = start("no (?!(?:need|thanks?|worries|problem|rush|hurry|idea|matter|way|longer|more|further|other|it|that|this|you|i|we|hay problema|pasa nada|importa|te preocupes|problema|gracias|merci|danke)(?![\\p{L}\\p{N}_]))\\p{L}+");
  /** "no X, only Y" / "no X, use Y" after an agent message: rejects what it used. */
  const NO_ONLY = start("no [^,.!?]{1,40}?[,.!;:]?\\s+(?:only|just|use|instead|rather)");
  /** A negative question that challenges what the agent just said or did ("Isn't that solution a little slow?"). */
  const CHALLENGE = start("(?:but |hmm,? )?(?:isn'?t|wouldn'?t|shouldn'?t|doesn'?t|won'?t|aren'?t|didn'?t) (?:that|this|it|there|these|those|we|you)(?![\\p{L}\\p{N}_])");
  /**
   * Showing the agent what its last step led to: "getting this, '… ERROR: No saved session found …'", "I'm getting this error now
   * GET … 404", "mira estos errores: …", "regarde l'erreur" (every such turn after an agent message is labelled a correction:
   * holdout7, holdout8, holdout12).
   */
  const SHOWS_PROBLEM = start(
    "(?:(?:well,? |now,? )?(?:it|this|that) (?:now )?(?:gives|throws|shows) me (?:this|these|the following)(?= (?:error|errors|exception|now)|[,:])|(?:i'?m |i am |am |still )?(?:getting|seeing) (?:this|these|the following)|i (?:get|got|see) (?:this|these|the following)(?= (?:error|errors|now|when|after)|[,:]))|(?:mira|checa|olha|veja|regarde|guarda)(?: (?:este|estos|esta|estas|el|los|esse|esses|essa|o|os|ce|ces|cette|les|l'|questo|questi|gli))? ?(?:error\\p{L}*|errr\\p{L}*|erro\\p{L}*|erreur\\p{L}*|fehler)",
  );
  /**
   * Asking whether the agent did the work it should have ("did you test with 2 different users …?", "Have you been adding the
   * new features to our GUI as well?", "HAVE YOU STUDIED THE ZAM SDK FULLY …?"): a doubt about its last result.
   */
  const DOUBT = start(
    "(?:(?:ok(?:ay)?|so|and|but|hmm+|wait|well)[,.!]?\\s+)?(?:did|have|had) you (?:(?:actually|really|even|ever|also|fully|been) )?(?:test(?:ed|ing)?|check(?:ed|ing)?|verif(?:y|ied|ying)|run|ran|try|tried|stud(?:y|ied|ying)|read|look(?:ed)? (?:at|into)|updat(?:e|ed|ing)|add(?:ed|ing)?|consider(?:ed)?)|(?:lo |la )?(?:probaste|verificaste|comprobaste|revisaste)|(?:voc[eê] )?(?:testou|verificou|conferiu)|as-tu (?:test[ée]|v[ée]rifi[ée])|hast du (?:das |es )?(?:getestet|gepr[üu]ft)",
  );
  /** An opening "should be X" after an agent message: what it must be instead ("deberia ser categorias activas"). */
  const SHOULD_START = start(
    "(?:(?:it|this|that|they|these|those)(?: [^\\s,;:!?]+)? )?(?:should|must|needs? to) (?:be|have|say|show|use|read|look|stay|remain|live|go|sit|belong)|deber[ií]a(?:n)? (?:ser|estar|decir|mostrar|usar|tener|quedar)|(?:il |elle |ça |ca )?devrai(?:t|ent) (?:être|afficher|rester)|sollte(?:n)? (?:sein|bleiben)|должн\\p{L}* быть",
  );
  /** The same observations in Chinese, Japanese and Czech (matched anywhere: no spaces between words). */
  const STATE_CJK =
    /(?<!有)没有?(?:显示|出来|生效|变化|反应|效果|切换|更新|保存|成功|用|看到)|无法(?:打开|访问|运行|启动|登录|加载)|打不开|还有遗漏|不(?:显示|生效|见了|起作用)|太(?:小|大|宽|窄|长|短|慢|多|少|高|低|近|远)了|被(?:剪裁|裁剪|截断|遮挡|覆盖|剪切)|剪裁|裁剪|闪烁|报错|(?<![没無无])有问题|看不到|没反应|出不来|表示されない|表示されず|真っ白|動かない|変わらない|一定要[^。！？?]{0,12}吗|为什么(?:要|不|没|说|你)|非(?:要|得)|为啥|为何|怎么还|我(?:都)?不(?:想|需要)|你忘了|漏了|忘れて(?:いる|る|います)|したくない|いらない|这(?:样)?(?:不行|不对)|不应该|才对|라고 했|전혀 (?:상관|다르|안)|不喜欢|気に入らない|好きじゃない|마음에 (?:안 ?들|들지 않)/u;
  /**
   * Chinese, Japanese and Korean for "X, not Y", "without doing …", "please don't", "not quite / not enough", "not yet done"
   * ("…的历史记录，不是当前项目的", "要約などせずに", "MCPを使わずに", "不太美观", "내 모든 제출이 아니라 …", "라텍스 말고 본문",
   * "한번에 붙이지 말고 …"): a redirection when it answers an agent message.
   */
  const REDIRECT_CJK = re(
    String.raw`(?<=[가-힣])(?:이|가)? 아니라(?= )|(?<=[가-힣]) 말고(?=[ ,])|(?<=[가-힣])지 말고|[，,、]\s*(?:而|并)?不是|而不是|并不是|ではなく|じゃなく|(?:使わ|せ|し|変え|消さ)ずに?|ないでください|違います|まだ[^。！？]{0,10}(?:ない|ません)|(?:でき|され|なっ)ていない|不太(?=\p{sc=Han})|不够(?=\p{sc=Han})|还没(?:有)?(?=\p{sc=Han})`,
    "u",
  );
  /** After a claim, Chinese requests to adjust what was just done ("放大2倍", "改成这个样式"). */
  const ADJUST_CJK = /放大|缩小|调大|调小|改成|改为|换成|对齐|居中|靠左|靠右|[大小宽窄高低长短粗细深浅亮暗快慢多少远近](?:一点|一些|点儿)|再(?:往|向)?[大小宽窄高低长短上下左右前后](?:一点|一些|点)?/u;
  /** Czech reports of the same (spaces between words, so bounded). */
  const CZECH = w("trochu|nefunguje|nejde|furt|pořád|zase|to je špatně|není to správně");
  /** Progress acknowledged, then what is still wrong: "It now builds. But when I run it …", "替换成功，但是有闪烁". */
  const PROGRESS_BUT = re(
    String.raw`^[^?]{0,80}?(?<![\p{L}\p{N}_])(?:works?|worked|working|fixed|builds?|compiles?|runs?|ran|loads?|better|good|great|nice|ok|okay|correct(?:ly)?|succeeded|successful(?:ly)?|fine|done|resolved|funciona\p{L}*|marche|fonctionne|funktioniert)(?![\p{L}\p{N}_])[^?]{0,80}?(?<![\p{L}\p{N}_])(?:but|however|though|mais|pero|aber|но)(?![\p{L}\p{N}_])|^(?:ok(?:ay)?,? )?now(?![\p{L}])[^?]{0,80}?(?<![\p{L}])but(?![\p{L}])[^?]{0,60}?(?:(?<![\p{L}])(?:not|no longer)(?![\p{L}])|n't)|^[^？?]{0,30}?(?:成功|可以了|好了|好多了|好一些|不错|正常|没问题|有效|できました|動きました|良くなりました)[^？?]{0,20}?(?:但是|但|不过|可是|只是|ただ|でも|しかし)`,
    "u",
  );
  /** A concession opening the turn: "although the message showed, the invoice did not disappear". */
  /** The user announces a correction ("One correction: …", "Important correction:"). */
  const ANNOUNCED = w(
    "(?:one|a|small|quick|important|minor|slight|another) correction(?=\\s*[:.,!-])|correction:|(?:a few|some|several|a couple of|two|three|\\d) (?:changes|fixes|tweaks|adjustments|corrections|modifications)(?: (?:to make|needed|please))?(?=\\s*[:：])|(?:algunos|unos) (?:cambios|ajustes)|algunas correcciones|(?:alguns|uns) ajustes|algumas (?:corre[cç][oõ]es|altera[cç][oõ]es)|quelques (?:corrections|modifications|ajustements|changements)|修改的?(?:意见|建议)|几点(?:意见|修改|问题)|(?:有|发现)?几个(?:问题|地方)(?:需要|要)?(?:修改|调整|改)?[:：]|需要(?:修改|调整)的地方|修正(?:点|してほしい)|直してほしい",
  );
  const CONCEDE = start("(?:al)?though|even though|si bien|aunque|bien que|m[eê]me si|obwohl|хотя|虽然");
  /** Asking to redo the last answer or change in another form. */
  const REDO = w(
    "make (?:it|this|that|them|those|these)(?: [\\p{L}-]+){0,3}? (?:not|only|more|less)(?![\\p{L}\\p{N}_])|just (?:call|name) (?:it|this|that|them)|(?:repeat|redo|rewrite|rephrase|reformat|regenerate) (?:the|that|this|it|your|them|all|everything)|(?:shorter|simpler|cleaner|longer|smaller|bigger|more \\p{L}+|less \\p{L}+)(?: and (?:more|less) \\p{L}+)? version|(?:a (?:bit|little|tad)|slightly) (?:more|less|bigger|smaller|higher|lower|wider|narrower|larger|shorter|longer|to the (?:left|right))|make (?:it|this|that|them) (?:a (?:bit|little|lot) )?(?:bigger|smaller|larger|shorter|longer|wider|narrower|simpler|clearer|lighter|darker|more \\p{L}+|less \\p{L}+)",
  );
  /** The user points back at something the agent did ("the tests you added", "your last change")… */
  const REFER = w(
    "(?:the|that|this|those|these) (?:[\\p{L}\\p{N}_.`'/-]+ ){0,3}you (?:just |have |'ve )?(?:added|created|made|wrote|changed|built|generated|used|put|moved|renamed|introduced|implemented|set up)|(?:your|the) (?:new|last|previous) (?:change|version|commit|edit|fix|approach|implementation|code|tests?|files?|function|component|folder)|i see (?:that )?(?:you|the new)",
  );
  /** … and asks for it otherwise. */
  const REDIRECT = w("should(?:n'?t)?|must|needs? to|has to|have to|let'?s|please|instead|rather|not|don'?t|can you|could you|make|change|move|use|rename|keep|remove|delete|put|revert|wrong");
  /** "When I said X, I meant Y": clarifying what the agent misread (needs no context). */
  const CLARIFY = w(
    "when i (?:said|say|asked|wrote|mentioned)|what i meant|by \\p{L}+ i mean|i(?:'m| am| was) (?:talking|referring) (?:about|to)|all i (?:wanted|asked|needed|meant)|(?:tout )?ce que je voulais|lo que (?:yo )?quer[ií]a|was ich (?:wollte|meinte)|me refiero al?|quiero decir|quise decir|je veux dire|je parlais d|ich meine(?:te)? (?:die|den|das|damit)|(?:eu )?quis dizer|quero dizer|me refiro ao?|という意味|我的意思是|我说的是|제 말은|내 말은|you (?:misunderstood|misread|misinterpreted|got (?:me|it) wrong)|(?:that'?s|this is) not what i (?:meant|asked|said|wanted)|no me (?:entendiste|entendi[oó]|refer[ií]a)|malinterpret\\p{L}*|no es lo que (?:quise|ped[ií]|dije)|(?:voc[eê] )?n[aã]o entendeu|entendeu errado|n[aã]o (?:foi|[eé]) isso que (?:eu )?(?:quis|pedi|disse)|tu as mal compris|ce n'est pas ce que je (?:voulais|demandais|disais)|missverstanden|das meinte ich nicht|hai frainteso|yanlış anla\\p{L}*|non intendevo|重新理解|理解(?:错|有误|偏了)|没(?:有)?理解|误解|误会|不是(?:这个|我的)意思|不是我要的|搞错了|誤解|そういう意味(?:ではな|じゃな)|意図と違|잘못 이해|그런 뜻이 아니",
  );
  /** After a claim, what the result must be instead ("the screenshot must be at the top", "les sous-sections doivent être fermées"). */
  const MUST = w("must|has to|have to|needs? to be|doivent|doit|il (?:ne )?faut|tiene(?:n)? que|deber[ií]a(?:n)?|debe(?:n)?|muss|müssen|sollte(?:n)?");
  /** Reproach and redirection: only meaningful after an agent message. */
  const REPROACH = w(
    "(?:did|have) you (?:even |really )?(?:miss|missed|forget|forgot|forgotten|skip|skipped|ignore|ignored)|(?:te )?olvidaste|se te olvid\\p{L}+|(?:você )?esqueceu|esqueceste|tu as oubli[ée]|vous avez oubli[ée]|hast du \\p{L}+ vergessen|no quiero (?:que|eso|esto|usar)|n[aã]o quero (?:que|isso|isto|usar)|je ne veux pas|ich will (?:das |es )?nicht|ich möchte (?:das |es )?nicht|por ?qu[eé] (?:hiciste|cambiaste|borraste|eliminaste|quitaste|agregaste|a[nñ]adiste|usaste)|por que (?:você|voce) (?:fez|mudou|apagou|removeu|adicionou|usou)|pourquoi (?:as-tu|avez-vous|tu as|vous avez)|warum hast du|(?:but )?you (?:said|claimed|promised|told me) (?:it|that|this|you|the)(?![\\p{L}])|i (?:already|just) (?:showed|told|said|gave|sent|explained)|simplify (?:this|it|that)|too complicated|overkill|over-?engineered|you (?:already|again|still|just|also) (?:created|added|made|changed|removed|deleted|did|wrote|put|broke|used)|i thought (?:we|you|it|this|that) (?:were|was|would|are|is|should|had|agreed)|(?:is|that'?s|kinda|very|super|really|quite|too) confusing|please actually|actually (?:do|implement|fix|use|run|make|change)|(?:again|this time),? (?:and )?properly|properly this time|do it (?:right|properly)|why (?:can'?t|couldn'?t|won'?t|wouldn'?t) you|you (?:forgot|missed|ignored|deleted|removed|broke|lost|destroyed|changed|reverted|overwrote|keep|kept|still|again|didn'?t|did not|haven'?t|have not|never|were supposed|are supposed|should have|shouldn'?t have|should not have|only|just|seem to|apparently|misunderstood|misread|made|put|used|created|added|updated|wrote)|why (?:did|do|are|would|have|were|is) you|why (?:isn'?t|doesn'?t|didn'?t|is (?:this|that|it|there) (?:still|not))|why (?:the hell|on earth)|i (?:asked|told|said|meant|wanted|specifically|explicitly|already (?:said|told|asked))|(?:didn'?t|did) (?:we|i) (?:say|agree|ask|tell)|we (?:asked|agreed|said|discussed|wanted) (?:for|you|to|that)|are you (?:not listening|sure|kidding|serious)|the (?:point|idea|goal) (?:was|is) to|not what i|that'?s not (?:what|how|it|right|correct|true)|this is not (?:what|how|right|correct)|go back(?: to|(?=\\s*(?:$|[.!,;])))|(?:was|were) better(?: before)?|i never (?:asked|said|told|wanted|requested|mentioned)|i did(?:n'?t| not) (?:ask|say|want|tell|request) (?:for|you|that|this|to)|roll ?back|put (?:it|them) back|change (?:it|this|that) back|should(?: not|n'?t) (?:be|have)|must not|(?:don'?t|do not) (?:do|use|add|create|change|touch|make|put|write|delete|remove|ever|need|want|mock|rename|move|call|return)|(?:i|we) (?:don'?t|do not) (?:even )?(?:want|need|like)|what i (?:really )?want(?:ed)? (?:is|was)|lo que (?:yo )?quiero es|ce que je veux,? c'est|o que (?:eu )?quero [eé]|내가 ?원하는 ?(?:건|것은|거는)|我(?:想)?要的是|(?:мне )?не нравится|no me gusta|je n'aime pas|j'aime pas|n[aã]o gosto|non mi piace|gefällt mir nicht|you should (?:already )?(?:know|have known)|tu devrais (?:le )?savoir|deber[ií]as saber(?:lo)?|voc[eê] deveria saber|ты должен (?:это )?знать|over and over|again and again|una y otra vez|encore et encore|снова и снова|stop (?:doing|using|adding|creating|mocking|changing|writing|making)|never ever|not (?:correct|right|accurate|true|necessary|needed)|(?:is|are)(?:n'?t| not) (?:correct|right|accurate|true|necessary|needed)|is (?:this|that|it) (?:still )?(?:correct|right|accurate|true)\\?|(?:seems?|looks?|feels?) (?:wrong|off|incorrect|broken|weird|odd|strange|bad|terrible|awful|messy|worse)|(?:doesn'?t|does not) (?:seem|look) (?:correct|right)|could be wrong|(?:really |very |too |so )?hard to (?:see|read|tell|distinguish|notice)|makes no sense|nonsense|unnecessar(?:y|ily)|superfluous|redundant|pointless|too (?:wide|big|small|long|short|horizontal|vertical|complicated|complex|much|many|slow|verbose)|you (?:are|were|'re) (?:wrong|mistaken)|hallucinat\\w*|less work|simpler (?:to|would)|instead(?: of)?|rather than|not in (?:the|this)|in the wrong|(?<=[,—–-] )not (?:the|a|an|in|on|to|into|from|with|as)|you(?:'re| are) (?:missing|ignoring|not (?:using|listening|reading))|(?:perhaps|maybe) (?:we|you) should|shouldn'?t (?:we|you)|wouldn'?t it be (?:better|easier|simpler)|why not (?:just )?use|can'?t (?:we|you) (?:just )?use|it would be (?:better|simpler|easier) to|you (?:can|could) (?:just |simply )?(?:use|set|call|do|run)|(?:is|are|was|were|'s) (?:wrong|incorrect|invalid)|(?:does|do|did) (?:exist|work|support|have|compile)|wrong (?:file|repo|folder|directory|place|path|branch|one|version)|you(?:'re| are) (?:deleting|removing|breaking|changing|overwriting|ignoring|duplicating|mixing|confusing|making|adding|creating|putting|using|still)|must (?:remain|stay|be kept)|(?:should|needs? to|has to) (?:remain|stay)|i don'?t think(?= )(?! so(?![\\p{L}])| i | we (?:need|should|have))|(?:is|are|was|were) (?:[\\p{L}\\p{N}]+ ){0,6}really (?:done|fixed|complete|completed|finished|working|implemented|resolved|passing)\\?|por ?qu[eé] (?:no|sigue\\p{L}*|aparece\\p{L}*|difiere\\p{L}*|hay)|pourquoi (?:ne|n'|ça ne|ca ne|il n|tu as)|warum (?:nicht|ist|geht|hast du)",
  );
  /** "what about X?" after a claim of completeness: an omission. */
  const OMISSION = start(
    "(?:now |so |ok |but |and )?(?:what about|you (?:also )?need to|also need to|you (?:still )?have to)|(?:and )?what about|did you (?:also )?(?:update|check|clean|test|remove|change|fix|add|consider|run)|have you (?:also )?(?:updated|checked|tested|considered|run)|you (?:also )?need to|also need to|you (?:still )?have to",
  );
  /** Corrections in other languages (the head is matched; word lists stay short on purpose). */
  const FOREIGN = [
    /不对|错了|不是这样|还是(?:不行|一样|报错|错|有问题|没|不)|依然|仍然|没有(?:生效|变化|用)|改回|撤销|你(?:总是|又|没有|怎么)/u,
    w(
      "ya te (?:lo )?(?:mostr|dij|expliqu|pas)\\p{L}*|no deber[ií]a(?:mos)?|no funciona|sigue (?:igual|sin|fallando|dando|mal)|todav[ií]a (?:no|hay|falla)|est[aá] mal|incorrecto|no es (?:eso|as[ií]|correcto)|el problema (?:no )?est[aá] en|n[aã]o funciona|ainda (?:n[aã]o|tem|d[aá])|errado",
    ),
    w("опять|всё ещё|все еще|до сих пор|не работает|зациклил\\p{L}*|не то|сам (?:\\p{L}+)|не надо|не нужно"),
    w("immer noch|funktioniert nicht|geht nicht|nicht richtig|stimmt nicht"),
    w("ancora (?:non|errore|niente|lo stesso)|non funziona|non va|è sbagliato|non è (?:giusto|corretto)"),
    // Korean: "근데도 안돼" / "재시작도 해봤는데 안돼" (even so, it does not work) reads as "still failing"
    w("여전히|아직도|작동하지 않\\p{L}*|틀렸\\p{L}*|잘못\\p{L}*|그게 아니\\p{L}*|(?:근데도|그래도|해도|봤는데도?) 안 ?(?:돼|되\\p{L}*)"),
    w("vẫn (?:gặp|bị|còn|lỗi|không|chưa)|không (?:thấy|hoạt động|chạy được|được)|chưa muốn|không muốn|sai rồi"),
    w("desaparecieron|se perdi(?:ó|o|eron)|qu[eé] pas[oó] con (?:los|las|el|la) cambios|en (?:lugar|vez) de (?:eso|esto)|plut[oô]t que|pas (?:tout à fait|vraiment) ce que|(?:ça|ca) marchait presque"),
    w("je voulais (?:dire|les|la|le|des|juste|seulement|que)|je (?:te|vous) l'ai (?:d[ée]j[àa] )?(?:dit|montr[ée]|expliqu[ée])|ce n'est pas (?:ma question|ce que)|toujours pas|ne marche pas|ne fonctionne pas|pas correct|c'?est faux"),
  ];

  // --- plan acceptance / decision ------------------------------------------------------------

  /** A go-ahead that needs no context ("go ahead", "sounds good"). */
  const GO = start(
    "(?:(?:ok(?:ay)?|oui|yes|yeah|s[iíì]|sim|ja|да|ben|bon|alors|well|so|then|alright)[,.! ]+)?(?:go ahead|let'?s implement (?:the|this|your|our) plan|te autorizo|autorizado|je t'autorise|i authori[sz]e (?:you|it|this|that)|you have my (?:approval|permission|go-ahead)|go for it|proceed|yes,? let'?s|let'?s (?:start|begin|move on)|do it|let'?s do (?:it|that|this)|let'?s go|let'?s proceed|please (?:do|proceed|go ahead|continue(?=\\s*(?:[.,!;]|$)))|sounds (?:good|great|right|fine)|approved?|all approved|agreed|make it so|ship it|release it|make the pr|implement (?:it|this|that|them|these)|fix (?:it|this|that|them)(?: then)?|so\\.* fix it|continue(?=\\s*(?:[.,!;]|$|please|on|with (?:it|that|this|the plan|the next)))|carry on|keep going|yes,? (?:please|go ahead|proceed|do it|continue)|you'?re right|dale|s[ií],? dale|procede|adelante|hazlo|de acuerdo|vas[- ]y|allez|fais[- ]le|d'accord|c'est bon,? (?:vas|fais)|tu as raison|je valide|on valide|ça me va|ok pour moi|tienes raz[oó]n|pode (?:seguir|continuar|fazer|prosseguir|implementar|come[cç]ar)|procedi|vai avanti|fallo|продолжай|вперё?е?д|진행\\p{L}*|해줘|해주세요|prossiga|vamos (?:l[aá]|nessa|seguir|prosseguir|come[cç]ar)|manda ver|concordo|mach (?:es|das)|los geht'?s|давай|делай|好的|可以的?(?=[\\s，,。！!~～]|$)|继续|开始吧|执行|确认|同意|没问题|はい|お願いします|(?:たの|頼)(?:む|みます)|進めて|udělej to|jasně)",
  );
  /** A yes or a choice that only means acceptance after the agent asked. */
  const YES = start(
    "y(?:es|eah|ep|up)?|oui|c'est (?:top|bon|parfait|ok)|ja|tak|claro|bien s[uû]r|sure|o+k+(?:a+y+|e+y+)?|ano|jo|pokračuj\\p{L}*|うん|alright|right|fine|absolutely|definitely|of course|why not|option \\w+|sí|sì|si|sim|certo|va bene|vale|gerne|klar|passt|ええ|いいよ|いいです|それで|네|예|응|좋아(?:요)?|좋습니다|그래(?:요)?|알겠(?:어|어요|습니다)|да|好的?|可以的?(?=[\\s，,。！!~～]|$)|是的",
  );
  /** Praise followed by the next step of the proposal ("Great, commit the change"). */
  const PRAISE_GO =
    /^(?:great|perfect|excellent|nice|good|awesome|thanks?|thank you|cool|love it|lgtm|looks (?:good|great|fine)|sounds (?:good|great))[,.!\s-]+(?:now |please |then |and |so )*(?:commit|push|merge|proceed|go ahead|continue|implement|do it|apply|ship|release|deploy|let'?s (?:do|go|proceed|commit|continue))\b/u;
  /** The whole turn picks options: "2", "B then A", "option 1". */
  const CHOICE = /^(?:option\s*)?\(?[a-d1-9]\)?(?:\s*(?:then|and|,|\+|&|>|->)\s*\(?[a-d1-9]\)?)*[.!]*$/u;
  /** "…, then proceed" / "… and proceed". */
  const PROCEED_END = /(?:\band|\bthen|,)\s+(?:proceed|continue|go ahead|carry on)\W*$/u;
  /** After an offer, an imperative that carries it out, leading the turn or a clause ("ok, do it", "do all 3", "… then implement it"; not "tell me how to fix it"). */
  const DO_IT = re(
    "(?:^|[,;:]\\s*|(?<![\\p{L}])(?:then|and) )(?:(?:ok(?:ay)?|yes|yeah|yep|sure|great|good|then|so|please|alright|now|perfect|well|ben|bon|alors|you|let'?s|lets)[,.!\\s]+)*(?:do all(?: \\d+| of (?:them|these|those|it))?|(?:implement|do|apply|make) (?:all )?(?:the|these|those|your) (?:changes|fixes|suggestions|steps)|" +
      "proceed|go ahead|implement (?:it|this|that|them|these)|apply (?:it|this|that|them|these|those)|do (?:it|that|this|both|all|so)|carry on|fix (?:it|this|that|them)|(?:i )?want you to (?:implement|do|fix|proceed|continue) (?:it|this|that|them|these))(?![\\p{L}\\p{N}_])",
    "u",
  );
  /** "continue" alone: acceptance only when the agent asked; after a message that just announces its next step it is none. */
  const CONTINUE = start("(?:(?:ok(?:ay)?|yes|please)[,.! ]+)*(?:continue|carry on|keep going|go on)(?: further| on| please)?[.!]*(?:$|\\s+\\p{L}+ mistake)");
  /** Taking up what the agent suggested, named as such ("let's work on the suggested next steps", "I agree with the following findings"). */
  const TAKES_SUGGESTION = w(
    "(?:update|revise|amend|adjust) (?:the|our|my|your) (?:[^\\s,;:!?]+ )?(?:plan|spec|specs|specification|roadmap|design)(?: doc(?:ument)?)? (?:with|to reflect|to include) (?:this|these|that|those|it|the (?:new|above))|as you (?:suggested|recommended|proposed|advised)|(?:너|네|니|당신) ?말(?:한)? ?대로|(?:제안|추천)(?:한|하신)? ?대로|按照?你(?:上面|刚才)?(?:说|建议|推荐)的|i (?:fully )?agree with (?:the|your|these|this|that|all|most|both)|(?:let'?s|please|i'?d like (?:you )?to|we(?:'ll| will| can)?) (?:work on|go with|do|implement|tackle|start (?:with|on)|address|apply|follow) (?:all )?(?:the|your|these|those) (?:suggested|recommended|proposed|suggestions?|recommendations?|proposals?|findings)|(?:implement|execute|carry out|apply|follow)(?: (?:and|then) [\\p{L} ]{1,20}?)? (?:for )?(?:the|this|your|that) (?:[\\p{L}\\p{N}-]+ ){0,3}?(?:plan|proposal)",
  );
  /** An imperative that carries out what the agent put forward, named as such ("please apply the math fixes that you presented", "clean up the wheel class with all of the changes you suggested"). */
  const APPLY_SUGGESTED = re(
    "^(?:(?:ok(?:ay)?|yes|yeah|sure|great|good|perfect|thanks?|thank you|alright|then|now)[,.!\\s]+)*(?:please |let'?s |can you |could you |i'?d like you to |i want you to )?(?:apply|implement|use|make|do|add|include|incorporate|follow|go with|proceed with|clean up|update|fix|refactor|rewrite|change|adopt|integrate|try)(?![\\p{L}])[^.?!]{0,80}?(?:changes|fix(?:es)?|steps|improvements|suggestions?|ideas?|plan|approach|solution|options?|recommendations?|edits|updates|corrections|proposals?|version|code|refactor(?:ing)?|method)(?: that| which)? you(?:'ve| have)? (?:just )?(?:suggested|proposed|presented|recommended|outlined|mentioned|described|listed|gave|provided|offered|came up with)(?![\\p{L}])",
    "u",
  );
  /** "please add this rule" after the agent wrote one: a short imperative taking up what the agent just put forward ("this" + a word of the agent message). */
  const THIS_ONE = re(
    String.raw`^(?:(?:ok(?:ay)?|yes|yeah|sure|great|good|perfect|thanks?|thank you|alright|nice)[,.!\s]+)*(?:please )?(?:add|apply|use|implement|create|make|write|save|commit|keep|adopt|go with|run|do|include)(?: (?:this|that|these|those|your|the (?:suggested|proposed|recommended)))(?: new)? (\p{L}[\p{L}-]+)[.!\s]*(?:please|then|now)?[.!]*$`,
    "u",
  );
  /** "continue" in the languages users write in (a lead word; see CONT_OFFER). */
  const CONTINUES = start(
    "(?:(?:ok(?:ay)?|yes|please|好的?|はい)[,.!、， ]*)*(?:continue|carry on|keep going|go on|继续|繼續|続けて|続き|계속|continua|contin[uú]a|sigue|segue|weiter|продолжай|tiếp tục)(?! with (?:it|that|this|the plan|the next))",
  );
  /** The agent offered to go on: only then does "continue" take something up. */
  const CONT_OFFER = w("continu\\p{L}*|proceed|go on|carry on|keep going|move on|next (?:step|phase|task|one|part)|继续|繼續|続け|進め|계속|진행|segui\\p{L}*|seguir|prosseguir|weiter|продолж\\p{L}*|tiếp tục");
  /** The agent asked for an OK before going on: "OK なら … 進めます", "if that's fine, I'll commit", "se estiver ok, …". */
  const IF_OK = re(
    String.raw`(?:(?<![\p{L}])if (?:that(?:'s| is)|this is|it(?:'s| is)|everything(?:'s| is)|you(?:'re| are))? ?(?:ok(?:ay)?|fine|good|alright|agree|happy with (?:it|that|this))(?![\p{L}])|(?:ok|okay|オーケー)(?:なら|であれば|でしたら)|よければ|よろしければ|問題(?:なければ|がなければ)|如果(?:可以|没问题|同意|确认)|没问题的话|可以的话|(?<![\p{L}])se (?:estiver|for|tiver) (?:ok|bem|de acordo)|(?<![\p{L}])si (?:te parece|est[aá] bien|c'est bon|ça te va)|괜찮(?:으시)?면|좋으시면)`,
    "u",
  );
  /** The agent's message lists steps, findings or options (a numbered or bulleted list). */
  const LISTED = /(?:^|\n)\s*(?:[-*•]|\d{1,2}[.)]|\*\*\d{1,2}[.)])\s+\S/u;
  /** The agent put forward next steps or recommendations in so many words. */
  const NEXT_CUE = w(
    "next steps?|suggested (?:next|command)|i (?:can|could) (?:also )?|(?:you|we) (?:can|could|might|may|should) (?:now |then |also )?(?:run|apply|try|use|do|start|proceed)|recommend\\p{L}*|suggest\\p{L}*|pr[oó]xim[oa]s? pass?os?|siguientes pasos|pr[oó]ximo paso|prochaines? [ée]tapes?|n[äa]chste schritte|下一步|接下来|建议|次のステップ|次にやること|次は|다음 단계|추천",
  );
  /**
   * An instruction that points at what the agent listed and has it done: "fix these problems", "all from above",
   * "implement all of them", "Faça todas essas correções", "aplica esos cambios", "corrige tout ça".
   */
  const TAKE_THESE = w(
    "(?:fix|apply|implement|do|address|resolve|correct|handle|make|execute|tackle|perform|run|complete|finish|follow|clean(?: up)?|silence|incorporate|include|adopt|integrate) (?:all (?:of )?)?(?:these|those|them|the above|everything|all(?: of (?:them|these|those|it))?(?=\\s*(?:[.,!;:]|$|and |then |please|now))|(?:all )?(?:the )?(?:above |listed |mentioned |remaining |suggested |recommended |found |reported |current |outstanding |existing |open |pending )?(?:issues|problems|fixes|findings|points|items|steps|changes|corrections|suggestions|recommendations|tasks|todos|warnings|errors))(?![\\p{L}])|all (?:from|of) (?:the )?above|(?:fa[cç]a|faz|fazer|corrija|corrigir|aplique|aplicar|implemente|implementar|execute|executar|resolva|arrume|conserte) (?:tod[ao]s? )?(?:as |os )?(?:essas|esses|estas|estes|isso|isto|tudo|corre[cç][oõ]es|ajustes|sugest[oõ]es|passos)|(?:haz|hazlo|corrige|aplica|implementa|ejecuta|resuelve|arregla) (?:tod[ao]s? )?(?:los |las )?(?:esos|esas|estos|estas|eso|esto|todo|cambios|correcciones|sugerencias|pasos)|(?:fais|corrige|applique|impl[ée]mente|ex[ée]cute|r[èe]gle) (?:tout|tous|toutes|[çc]a|ces|les corrections|les changements)|(?:fai|correggi|applica|implementa|esegui|sistema) (?:tutt[oie]|questi|queste|quelli|quelle)|(?:mach|behebe|korrigiere|setze|wende|erledige) (?:alles|das alles|diese|all das)",
  );
  /** The same in Chinese, Japanese, Korean, Vietnamese and Turkish (the object points back: 上記, 这些, 위, hết, hepsini). */
  const TAKE_THESE_CJK =
    /(?:上記|これら|それら|以上|全部|すべて|全て)(?:の[^。！？?]{0,8})?を?(?:修正|対応|実装|実行|適用|直し)|(?:上面|上述|以上|这些|这几个|那些|全部|所有)(?:的)?[^，。！？?]{0,8}?(?:都)?(?:修复|修改|改掉|处理|实现|执行|解决|完成|改一下)|(?:修复|处理|解决|实现|执行)(?:一下)?(?:上面|上述|以上|这些|所有)|(?:위|이것들|모두|전부)[^.?!]{0,8}?(?:수정|적용|진행|구현)|(?:sửa|làm|xóa|xoa|fix) (?:hết|tất cả|tat ca|các|cac|những|nhung)|(?:hepsi\u0307?ni\u0307?|tümünü|tamamını|bunları)\s+(?:\p{L}+\s+)?(?:düzelt|tamamla|uygula|yap|çöz|ekle)/u;
  /** The user rules out what the agent concluded ("there's definitely no such account", "that's impossible"). */
  const DISPUTE = w(
    "(?:there (?:is|are|was|were) )?(?:definitely|certainly|absolutely) (?:not|no)|that'?s (?:impossible|not possible|false|not true|untrue)|thats (?:impossible|not possible|false|not true|untrue)|no puede ser|com certeza n[aã]o|sicher nicht|auf keinen fall|c'est impossible",
  );
  const DISPUTE_CJK = /肯定(?:是)?(?:没有?|不是|不会|不)|绝对(?:是)?(?:没有?|不是|不会)|根本(?:就)?(?:没有?|不是|不)|絶対(?:に)?(?:ない|ありません|違)/u;
  /** Japanese failure verbs typed in romaji, often run together ("mattakuugoiteimasenndesita": it did not move at all). */
  const ROMAJI_FAIL = /(?:ugo|aruk|deki|hannou|hannnou)[a-z]{0,10}?(?:nai|masen)/u;
  /** A short report that it works now ("显示成功了", "できました", "됐어요", "funcionou"): an approval. */
  const OUTCOME_OK = re(
    String.raw`^[^，,。！!？?]{0,8}(?:成功了|可以了|搞定了|解决了|正常了|能用了|没问题了|生效了)(?:[，,。！!~～][^？?]{0,12})?$|^[^。！!？?]{0,12}(?:できました|動きました|直りました|うまくいきました|成功しました|解決しました)[。！!]*$|^[^.?!]{0,12}(?:됐(?:어|어요|습니다|네요)|잘 ?(?:돼|되)(?:요|네요)?)[.!]*$|^(?:(?:ok(?:ay)?|yes|sim|s[ií]|oui)[,.! ]+)?(?:it |that |this )?(?:funcion[oó]u?|deu certo|ya (?:sirve|qued[oó])|ha funzionato|hat funktioniert|(?:ça|ca) a (?:march[ée]|fonctionn[ée])|worked|works now)[.!]*$`,
    "u",
  );
  /** A liking or a pick stated before what is liked ("I like hybrid", "prefiero la segunda", "je préfère la version courte"): the object is read against the agent's options. */
  const LIKES = re(
    String.raw`^(?:(?:ok(?:ay)?|yes|yeah|hmm+|well|oui|s[ií]|sim)[,.!\s]+)?(?:i (?:(?:really |think i )?like|prefer|(?:would|'d) (?:rather have|prefer|go with|pick|choose|take)|(?:will|'ll) (?:go with|take)|choose|pick|vote for)|let'?s go with|go with|me quedo con|(?:yo )?prefiero|me gusta(?: m[aá]s)?|je (?:pr[ée]f[èe]re|choisis|prends)|j'aime|(?:eu )?prefiro|gosto (?:mais )?d[aeo]s?|preferisco|scelgo|mi piace|ich (?:nehme|bevorzuge)|我(?:选|喜欢|倾向于?)|选)(?:\s+|(?<=\p{sc=Han}))`,
    "u",
  );
  /** Denying a premise of the agent's last message ("there is no org", "I don't have access to that model", "no hay tal archivo"). */
  const NO_SUCH =
    /^(?:but |hmm+,? |well,? |(?:bruh|bro|dude|man|lol|uh|um)[.,!]*\s+)?(?:there(?:'s| is| are) no|there (?:isn'?t|is not|aren'?t|are not) (?:an? |any )?|i (?:don'?t|do not|dont|can'?t|cannot|cant) (?:see|find) (?:the |an? |any )?|i (?:don'?t|do not|dont) have (?:an? |any |access to )?|we (?:don'?t|do not|dont) have (?:an? |any )?|(?:we|i)(?:'re| am| are) not using|no hay|no tengo|n[aã]o (?:h[aá]|tem|tenho)|il n'y a pas d(?:e |')|je n'ai pas d(?:e |')|non c'è|non ho)(?:(?<=[\s'])|(?=\s))/u;
  /** A failure placed after the agent's change ("the error that shows up after the change you made", "since your last commit it crashes"). */
  const SINCE_CHANGE = new RegExp(
    String.raw`(?<![a-zà-ÿ])(?:(?:after|since|with) (?:your|the|this|that) (?:last |latest |recent |new )?(?:changes?|fix(?:es)?|update|edits?|commit|refactor)|(?:despu[eé]s|desde) (?:de )?(?:del?|los|las|tus?) (?:[úu]ltimos? )?cambios?|(?:el |los )?cambios? que (?:hiciste|has hecho)|depois d[ae]s? (?:sua |suas )?(?:mudan[cç]as?|altera[cç](?:ão|ões))|depuis (?:ta|votre|tes|vos) (?:modifications?|changements?)|dopo (?:la tua |le tue )?modific(?:a|he)|改完(?:之后|以后)?|修改(?:之后|以后|后)|変更(?:後|した後|してから))(?![a-zà-ÿ])`,
    "u",
  );
  /** The agent left a step to the user and the user has it do the step itself ("你直接改了就行", "do it yourself", "hazlo tú"). */
  const DO_IT_YOURSELF = re(
    String.raw`(?<![a-zà-ÿ])(?:(?:do|fix|change|run|edit|make|apply) (?:it|that|this|them|the (?:change|edit|fix)s?) (?:yourself|for me)|you (?:do|fix|run|change|edit|apply) (?:it|that|them)(?![a-z])|h[aá]zlo t[uú]|(?:crea|ejecuta|cambia|lanza|corre|haz|pon|arregla)(?:lo|la)? t[uú](?: mism[oa])?(?= (?:la|el|los|las|lo|eso|esto|todo)(?![a-zà-ÿ])|[.!]*$)|fa[cç]a (?:voc[eê] mesmo|isso voc[eê])|fais[- ]le toi(?:-m[eê]me)?|fallo tu)|你(?:直接|自己)(?:改|做|来|修改|处理|运行|执行)|直接(?:帮我)?改|自分で(?:やって|直して|修正して)`,
    "u",
  );
  /**
   * The user takes back what they asked ("ya no quiero nada", "I no longer want it"), or has the agent find how its mistake
   * happened and stop it recurring ("figure out how this happened and prevent it from happening again", "para isso parar de
   * acontecer"). Tried only on a turn with one of the cue words (TAKES_BACK_CUE): REPROACH, which every turn after an agent
   * message runs, stays as small as it was.
   */
  const TAKES_BACK = new RegExp(
    String.raw`(?<![a-zà-ÿ])(?:prevent (?:it|this|that)(?: from)? (?:happening|occurring)(?: ever)? again|(?:determine|figure out|find out|understand|explain) (?:how|why) (?:this|that|it) happened|(?:para|pra) (?:que )?(?:isso|isto|esto|eso) (?:pare de|parar de|n[aã]o (?:volte|voltar) a|no vuelva a) (?:acontecer|pasar|ocurrir)|que no vuelva a (?:pasar|ocurrir)|pour que (?:ça|cela) ne se reproduise (?:plus|pas)|perch[ée] non (?:succeda|ricapiti) più|(?:ya )?no quiero nada|ya no (?:quiero|necesito)|n[aã]o quero mais|je ne veux plus|non voglio più|i no longer (?:want|need))(?![a-zà-ÿ])`,
    "u",
  );
  const TAKES_BACK_CUE = /quier|quer|veux|voglio|longer|happen|acontec|pasar|ocurr|reprodui|succeda|ricapiti/u;
  /** The user narrows what the agent announced it would do to less ("I only want you to run the checkout", "quiero que solo hagas el checkout"). */
  const NARROW = new RegExp(
    String.raw`(?<![a-zà-ÿ])(?:i (?:just|only) want(?:ed)? you to|i want you to (?:just|only)|quiero que (?:solo|solamente|s[oó]lo)|(?:solo|s[oó]lo) quiero que|quer[ií]a que (?:solo|s[oó]lo)|s[oó] quero que|quero (?:apenas|s[oó]) que|je veux (?:juste|seulement) que|je voulais (?:juste|seulement) que|voglio solo che|volevo solo che|我只(?:是)?(?:想|要)你|只要你)(?![a-zà-ÿ])`,
    "u",
  );
  /** A constraint the agent's finished work left out ("keep in mind that …", "ten en cuenta que …"). */
  const KEEP_IN_MIND = new RegExp(
    String.raw`(?<![a-zà-ÿ])(?:keep in mind|bear in mind|take into account|(?:ten|tenga|tengan|toma|tome) en cuenta|ten presente|tenha em mente|leve em (?:conta|considera[cç][aã]o)|tiens compte|tenez compte|n'oublie pas que|tieni (?:presente|conto)|tenete conto|beachte|denk daran|考虑到|注意到|記憶しておいて|念頭に置いて)(?![a-zà-ÿ])`,
    "u",
  );
  /**
   * The user tried what the agent suggested or set up (its commands, a restart, its instructions): "I tried your solution
   * but it doesn't work", "Im using your suggested commands and they both exit immediately", "재시작도 해봤는데 안돼",
   * "试过了还是不行", "probé lo que dijiste y falla". Read with a failure word or a result that did not come.
   */
  const TRIED = re(
    String.raw`(?<![\p{L}])(?:i(?:'ve| have)? tried|ive tried|tried (?:it|that|this|both|all|again|your|the|to|running|using)|i(?:'m| am|m) using your|using your suggest\p{L}*|i followed your|i did (?:what|as) you (?:said|suggested)|prob[ée] (?:lo|eso|tu|el|la|los|con)|intent[ée] (?:lo|eso|con)|j'ai (?:essay[ée]|test[ée])|tentei|testei|попробовал\p{L}*|пробовал\p{L}*|ho provato|hab(?:e)? (?:es )?(?:versucht|probiert))(?![\p{L}])|해\s?봤|해보았|试过|试了|試した|試しました|やってみた`,
    "u",
  );
  /** A result that did not come, besides the failure words: "exit immediately", "never saw it open", "no luck". */
  const NOT_COME = re(
    String.raw`(?<![\p{L}])(?:exit(?:s|ed)? (?:immediately|right away)|never (?:saw|see|opened|opens|showed|appeared|started)|no luck|nothing (?:happen\p{L}*|chang\p{L}*)|(?:the )?same (?:error|message|result|issue|problem|output|thing)|(?:did|does)(?:n'?t| not) (?:work|help|change|open|start)|unable to|falla|fall[oó]|rien ne change)(?![\p{L}])|没用|不行|没反应|一样的(?:错误|问题|报错|结果)|同样的(?:错误|问题|报错)|同様の|同じ(?:エラー|メッセージ|結果)|동작 ?안`,
    "u",
  );
  /**
   * What the agent pointed the user to is not there: "não encontrado", "a opção … não está disponível para mim", "not
   * available", "introuvable", "не найдено". A short turn, or the words in its first sentence.
   */
  const NOT_THERE_SHORT = re(
    String.raw`^(?:(?:it'?s |still |but )?not found|n[aã]o (?:foi )?encontrad[oa]s?|no (?:se )?encontr(?:ó|o|ado|ada)|introuvable|pas trouv[ée]e?|не найден\p{L}*|找不到|没找到|見つかりません|찾을 수 없\p{L}*)[.!]*$`,
    "u",
  );
  const NOT_AVAILABLE = re(
    String.raw`(?<![\p{L}])(?:(?:is|are)(?:n'?t| not) available|not available (?:to|for) me|n[aã]o (?:est[aá] |esta |[eé] )?dispon[ií]vel|no (?:est[aá] |es )?disponible|n'est pas disponible|недоступ\p{L}*)(?![\p{L}])`,
    "u",
  );
  /** Discarding what the agent made or proposed: "forget the star wars template", "oublie le modèle …", "olvida eso", "забудь про это". */
  const FORGET = start(
    "(?:(?:ok(?:ay)?|no|non|nah|hmm+)[,.!]?\\s+)?(?:forget (?:about )?(?:that|this|the|those|these)|oublie[sz]? (?:le|la|les|ça|cela|ce|tout)|olvida(?:te)? (?:de )?(?:el|la|lo|los|las|eso|esto)|esque[cç]a (?:o|a|os|as|isso)|esquece (?:o|a|os|as|isso)|забудь(?:те)?|vergiss (?:das|den|die|es)|dimentica|忘掉|忘了(?:这|那|它)|忘れて|잊어)",
  );
  /** Korean "why" ("왜 여기가 …", "왜 바로 안 열리지?") after an agent message: a reproach, as "为啥" and "why did you" are. */
  const WHY_KO = /(?:^|[^가-힣])왜(?:\s|$|[?？,]|이렇게|그렇게|자꾸|또)/u;
  /** Korean "put it back as it was" ("다시 이전 상태로 돌려줘", "처음 상태로 돌려줘봐", "원래대로 되돌려"): the agent's change is undone, as "revert …" / "undo …" and "改回" ask. */
  const REVERT_KO = /(?:이전|처음|원래|예전)(?: ?상태| ?버전| ?코드)?(?:로|대로)\s*(?:다시\s*)?(?:되)?돌려/u;
  /** The agent tells the user what to say to take its offer up: 'Say "start observability" and I'll spin it up', 'reply "yes"' (not "type `ukb` to test it": a step for the user). */
  const SAY_THIS = re(String.raw`(?<![\p{L}])(?:say|reply(?: with)?|answer|respond with|dites|dis|diga|dime|скажи(?:те)?|ответь(?:те)?)\s+(?:\*\*)?["“'\u0060]([^"”'\u0060\n]{1,40})["”'\u0060]`, "giu");
  /** A reply the agent listed as an option: '- \u0060"all"\u0060 for 1+2+3', '- "none" to skip'. */
  const QUOTED_OPTION = /(?:^|\n)\s*[-*•]\s*`?(?:\*\*)?["“]([^"”\n]{1,40})["”](?:\*\*)?`?\s+(?:for|to|=|→|->)\s/gu;
  /** A turn that opens on the first of steps it orders: "First add the printers. Then …", "primero …", "d'abord …", "먼저 …". */
  const FIRST_LEAD = re(String.raw`^(?:first(?:ly)?|first of all|to start|primero|primeiro|d'abord|zuerst|prima|сначала|先|首先|먼저)[,:]?\s*`, "u");
  /** A go-ahead in one word: a Spanish or Italian imperative with its object, stressed or exclaimed ("insértalo", "Insertalo!", "applicalo!"; not the noun "modelo"). */
  const DO_IT_CLITIC = /^¡?(?:[a-zñ]*[áéí][a-zñ]*(?:lo|los)[!.]*|[a-zñ]{2,}[aei](?:lo|los|melo)!+)$/u;
  /** A decision stated as such ("we decided to go with pnpm"). */
  const DECIDED = w(
    "we(?:'ve| have)? decided|i(?:'ve| have)? decided|let'?s go with|we'?ll go with|i'?ll go with|go with (?:option|the|approach|plan|your)|(?<=^|^(?:ok(?:ay)?|yes|yeah|so|then|alright)[,.!]? )i (?:choose|pick)|we'?re going with",
  );

  // --- approval --------------------------------------------------------------------------------

  const PRAISE = start(
    // "ok absolutely amazing job!!", "wow, perfect": a courtesy word or an intensifier may lead ("ok great." alone is an acknowledgement)
    "(?:(?:ok(?:ay)?|oh|wow|yes|yeah|alright|omg)[,.!]*\\s+(?!(?:great|nice|good|correct|cool|fine)(?! (?:job|work))))?(?:(?:absolutely|really|very|so|truly|just|simply|pretty|super)\\s+)?(?:perfect|excellent|awe?some|amazing|great(?: job| work| stuff)?|nice(?: work| job| one)?|well done|good job|good work|brilliant|beautiful|fantastic|wonderful|love it|look(?:s|ing) (?:good|great|perfect)|lgtm|exactly|that'?s (?:it|right|correct|perfect|great)|correct|works(?: now| great| perfectly| fine)?|it works|it worked(?! (?:for|on|with|when|if|but|before|until|in|once|only))|everything works|(?:ya|ahora|agora) funciona(?! mal)|agora sim|(?:ça|ca) (?:marche|fonctionne)(?! pas)|es funktioniert(?! nicht)|funktioniert jetzt|うまく動(?:きました|いた)|動いた|解决了|됐어요|잘 ?돼요|that works|this works|that worked|this worked|that fixed it|fixed it|works for me|much better|yes,? (?:(?:that'?s|this is|it is|it'?s) )?(?:right|correct|good|perfect)|yes,? that'?s it|yes!+|super(?! (?:confusing|slow|weird|annoying|broken))|g[ée]nial|parfait|c'est (?:top|parfait|g[ée]nial|super)|excelente|genial|bien hecho|prima|klasse|完美|很好|太好了|perfecto|отлично|супер|うまくいった|うまくいきました|動きました|完璧|素晴らしい|成功了|可以了|funguje|výborně|paráda|perfeito|[oó]timo|funcionou|perfetto|ottimo|funziona|идеально|работает|완벽\\p{L}*|좋아요|좋네요|잘 ?됩니다|잘 ?되네요|いいね|as[ií] me gusta)",
  );
  const PRAISE_ANY = w(
    "(?:it'?s|is|seems to be|now) (?:working|works) (?:properly|fine|great|well|correctly|now|as expected)|working (?:properly|fine|great|correctly) now|great job|nice work|well done|good job|thanks?,? (?:that|it|this) (?:works|worked|fixed it)|thank you,? (?:that|it|this) (?:works|worked|fixed it)|works (?:now|great|perfectly)|that (?:worked|fixed it)|exactly what i (?:wanted|needed)|see (?:the |it |that |everything )?[\\p{L} ]{0,30}?working (?:well|fine|great|now|properly|correctly|nicely)",
  );
  /** A sentence that is nothing but praise ("Great work!"), wherever it stands in the head of the turn. */
  const PRAISE_SENTENCE =
    /^(?:(?:really |very |so )?(?:great|good|nice|excellent|awesome|amazing|fantastic|perfect|wonderful|brilliant|superb|outstanding)(?: (?:work|job|stuff|progress|effort|result|results))?|well done|works (?:great|perfectly|now)|(?:this|that|it) (?:is|looks) (?:great|perfect|awesome|excellent|amazing))(?: so far)?[!.]*$/u;

  // --- preference ------------------------------------------------------------------------------

  /** A standing rule: how to work from now on. */
  const RULE_STRONG = w(
    "(?:don'?t|do not|never)\\b[^.!?]{1,60}\\bever|from now on|going forward|이제 ?부터|앞으로는|отныне|впредь|с этого момента|à partir de maintenant|dorénavant|désormais|de ahora en adelante|a partir de ahora|a partir de agora|daqui (?:pra|para) frente|d'ora in poi|ab jetzt|von nun an|从现在开始|从今以后|今后|今後は|これからは|without (?:me |my )?(?:having to )?ask(?:ing)?(?: you)? (?:each|every) time|sans que je (?:te |vous )?le demande|sin que (?:te )?lo (?:pida|tenga que pedir)|sem que eu (?:te )?pe[cç]a|in (?:the )?future,? (?:please |always |never |don'?t |do not |make sure |remember |avoid |use |ask |check |try |just )|next time,? (?:please |always |never |don'?t |do not |make sure |remember |avoid |use |ask |check |try |just )|(?:do|remember|keep|use|avoid|try) (?:this|that|it) next time|for (?:all )?future (?:sessions|tasks|work|changes)|every time|whenever you (?!need|want|like|can|are ready|have time)|as a rule|(?:we|you) should (?:always|never)|we (?:always|never) want|(?:we|you) (?:must|need to) always|remember (?:to|that)|(?:please )?(?:try to )?remember (?:it|this)(?=\\s*[.!]|\\s*$)|make sure (?:to|you) always|(?:don'?t|do not) ever|never ever|always (?:use|run|write|ask|check|prefer|keep|put|add|test|commit|read)|never (?:use|run|write|commit|push|create|add|change|delete|mock|touch|edit|make|put)|^(?:please )?(?:always|never) (?!ever(?![\\p{L}]))\\p{L}{2,}",
  );
  const RULE_SOFT = w(
    "my \\p{L}+ (?:\\p{L}+ )?(?:are|is) (?:usually|always|generally)|(?:i|we) (?:always|usually|generally|normally|typically|never|prefer|like to|want you to always)|my (?:preference|convention)|our (?:convention|rule|policy|standard)|in this (?:project|repo|codebase),? (?:we|always|never|don'?t|use)|(?:we|i) use \\p{L}+ (?:for|instead)|(?:don'?t|do not) want (?:to|you to) (?:use|ever)",
  );

  // --- not the user's words --------------------------------------------------------------------

  /** Text the user pasted from an agent (an architect's plan, a previous reply). */
  const AGENT_VOICE = start(
    "i can'?t (?:run|access|execute|see|open)|i (?:don'?t|do not) have (?:access|the ability)|i'?ll (?:help|implement|start|proceed|update|create|add|fix|now|first|check|analy[sz]e|need|instruct)|i will (?:help|implement|start|proceed|update|create|add|fix|now|first)|i(?:'ve| have) (?:updated|added|made|implemented|created|fixed|reviewed|analy[sz]ed)|let me (?:first|start|check|analy[sz]e|look|help|implement|fix|update|create)|here (?:is|are|'s) (?:the|a|an|my|how|what)|looking at (?:the|your|this)|based on (?:the|your|this)|certainly|sure[,!] (?:i|here|let)|okay, (?:let'?s|we'?re|i'?ll|i will)|ok, (?:let'?s|i'?ll)|great\\. (?:to|based|now|here)|thanks (?:for|—|-)|thanks\\. (?:to|the)|proposed change|make (?:these|the following)|change summary|plan:|problem (?:your|the)|to (?:fix|resolve|make|add|implement|address) (?:this|the|these)|you'?re (?:absolutely )?right|entiendo|claro,|para (?:resolver|analizar)|i understand (?:your|the|that|why)|(?:ok(?:ay)?|alright),? here(?:'s| is| are) (?:the|a|an|my)|(?:(?:okay|ok|alright|hmm|so)[,.]?\\s+){0,2}the user (?:is|was|wants|asked|has|said|mentioned|needs)",
  );
  const LOG_START =
    /^(?:\[(?:info|error|err|warn(?:ing)?|debug|trace|fatal|notice|verbose|log|success|fail(?:ed)?|ok|vite|webpack|nodemon|hmr)\]|\d+ of \d+ (?:errors?|issues?)\b|[✓✔✗✘⨯▲○●⚠]\s|unhandled (?:runtime )?error|failed to compile|build error|linting and checking|compiled with (?:problems|errors|warnings)|module not found|type ?error:|traceback|file "|error:|(?:info|debug|warn(?:ing)?|critical):\s|\w+error:|exception|warning:|\$ |> |at |\[?\d{4}-\d\d-\d\d|\d{2}:\d{2}:\d{2}|npm err|fatal:|usage:|\(\w[\w.-]*\)\s+\S+\s*[%$#>]\s|[\w.-]+@[\w.-]+[^\n]{0,80}?\s[%$#]\s|[{[]\s*"|[\w./\\-]+\.[a-z]{1,5}:\d+\s)/i;

  // --- helpers' patterns ------------------------------------------------------------------------

  /** "but"/"except" in any of the listed languages. */
  const BUT_WORD = re(String.raw`(?<![\p{L}\p{N}_])(?:but|except|mais|sauf|pero|excepto|salvo|aber|außer|но|кроме)(?![\p{L}\p{N}_])`, "u");
  /** A word, for matching a turn against the agent's offer. */
  const LETTERS = re(String.raw`[\p{L}][\p{L}\p{N}_'-]*`, "gu");
  /** Failure words that are negated: "without any errors", "no failures". */
  const NO_FAIL = re(String.raw`(?<![\p{L}\p{N}_])(?:without|no|zero|free of) (?:any |more |new )?(?:errors?|failures?|warnings?|issues?|problems?|crash(?:es)?)(?![\p{L}\p{N}_])`, "gu");
  /** A turn that opens a question of its own: a new task, even when it says "I don't want …" further on. */
  const NEW_QUESTION = re(String.raw`^(?:how (?:do|can|should|would|could) (?:i|we)|what (?:is|are|does)|where (?:is|are|do|does)|is there a way|can you (?:explain|tell me))(?![\p{L}\p{N}_])`, "u");
  // a word, or words joined by hyphens ("as-is" after "Approve as-is or edit?")
  const ALL_LETTERS = re(String.raw`^\p{L}+(?:-\p{L}+)*$`, "u");
  const WORDS = re(String.raw`[\p{L}\p{N}]+`, "gu");
  /** A turn opening on "why" (not "why not …", "why don't we …"): read after a claim of work done. */
  const WHY_OPEN = re(
    String.raw`^(?:(?:but|so|hmm+|ok(?:ay)?|and|wait)[,.]?\s+)?(?:why|por ?qu[eé]|pourquoi|warum|perch[eé])(?![\p{L}])(?!\s+(?:not|don'?t|no|wouldn'?t|shouldn'?t|wouldn'?t we)(?![\p{L}]))|^(?:为什么|为啥|怎么会|なぜ|どうして)(?!不)`,
    "u",
  );
  /** The agent puts a step forward in Chinese or Japanese: it is needed, advised, possible, or the next one. */
  const PUT_FORWARD_CJK = /需要?|建议|可以|推荐|下一步|接下来|是否|吗[？?]|必要|してください|ますか|しましょう/u;
  const CJK_ONLY = re(String.raw`^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]+$`, "u");
  /** Git conflict markers around a turn (a chat export merged twice). */
  const CONFLICT = re(String.raw`^\s*<{7}(?: (?:updated upstream|stashed changes|[^\s\p{sc=Han}]+))?\s([\s\S]*?)(?:\s={7}|$)`, "iu");
  const LETTER_RUN = re(String.raw`\p{L}+`, "gu");
  /** The agent announces its next step ("Now let me …:"). */
  const MID_ACTION = re(String.raw`(?<![\p{L}])(?:let me|let'?s|i'?ll|i will|i need to|i'?m going to|now i)(?![\p{L}])`, "iu");
  /** A rule aimed at the last act: "do this", "want that". */
  const AT_LAST_ACT = re(String.raw`(?<![\p{L}])(?:do(?:ing)?|did|does|want|like|need) (?:this|that)(?=\s*(?:[(.!?,;:-]|ever|again|$))`, "u");
  /** "still" in the languages users write to agents in ("todavía", "toujours", "immer noch", "まだ", "여전히"); Han, kana and Hangul need no boundary. */
  const STILL_WORD = re(String.raw`(?<![\p{L}])(?:still|stil|stll|sitll|todav[ií]a|toujours|immer noch|noch immer|weiterhin|всё ещё|все ещё|все еще|до сих пор|vẫn)(?![\p{L}])|还是|仍然|依然|まだ|여전히|아직도`, "u");
  /** A negation and the word it negates ("not opening", "doesn't open", "are not marked as completed", "never shows"). */
  const NEGATED = re(
    String.raw`(?:(?<![\p{L}])(?:not|never|no longer|(?:did|does|do|is|was|are|were|wo|ca|could|would|has|have|had)nt)|n't)\s+(?:(?:been|be|being|yet|really|actually|even|quite|fully|properly|correctly|marked|as|getting|get|got|any|the|a|an|in)\s+){0,3}(\p{L}{4,})`,
    "gu",
  );
  /**
   * The same in Spanish and Portuguese ("no se abre", "não aparece"), French ("ne s'ouvre pas", "n'apparaît plus"),
   * German ("öffnet nicht"): the negated word is the last group that matched.
   */
  const NEGATED_OTHER = re(
    String.raw`(?<![\p{L}])(?:no|n[aã]o|nao)\s+(?:(?:se|me|le|lo|la|les|los|las|te|est[aá]|es|é|fue|foi|ha|han|tem|tiene|sigue|segue|ya|j[aá])\s+){0,2}(\p{L}{4,})|(?<![\p{L}])ne\s+(?:(?:se|le|la|les)\s+|s'|l')?(\p{L}{4,})\s+(?:pas|plus|jamais)(?![\p{L}])|(?<![\p{L}])n'(\p{L}{4,})\s+(?:pas|plus)(?![\p{L}])|(?<![\p{L}])(\p{L}{4,})\s+(?:nicht|nie|nirgends)(?![\p{L}])`,
    "gu",
  );
  /** Chinese and Japanese: "没(有)生效", "不显示" / "反映されていない", "開かない" — the Han characters negated. */
  const NEGATED_CJK = re(String.raw`(?:没有?|不)(\p{sc=Han}{2})|(\p{sc=Han}{1,4})\p{sc=Hiragana}{0,4}?(?:ていない|てない|ていません|ません|ない)`, "gu");
  const CHOICE_LEAD = re(String.raw`^\(?(?:option\s*)?[1-9a-d]\)?[.):]?\s+(?=\p{L})`, "u");
  return {
    STILL_WORD,
    NEGATED,
    NEGATED_OTHER,
    NEGATED_CJK,
    BUT_WORD,
    LETTERS,
    NO_FAIL,
    NEW_QUESTION,
    ALL_LETTERS,
    WORDS,
    CJK_ONLY,
    QUOTED_OPTION,
    PUT_FORWARD_CJK,
    WHY_OPEN,
    CONFLICT,
    LETTER_RUN,
    MID_ACTION,
    AT_LAST_ACT,
    CHOICE_LEAD,
    CONTINUE,
    CONTINUES,
    CONT_OFFER,
    IF_OK,
    LISTED,
    NEXT_CUE,
    TAKE_THESE,
    TAKE_THESE_CJK,
    DISPUTE,
    DISPUTE_CJK,
    ROMAJI_FAIL,
    OUTCOME_OK,
    ANNOUNCED,
    TAKES_SUGGESTION,
    APPLY_SUGGESTED,
    THIS_ONE,
    NO_ONLY,
    CHALLENGE,
    DOUBT,
    SHOWS_PROBLEM,
    SHOULD_START,
    ASKED,
    ASKED_CJK,
    CLAIMED,
    CLAIMED_CJK,
    NEGATION,
    BUT,
    OBJECTION,
    STILL,
    STILL_CUE,
    MODAL_STILL,
    AGAIN,
    FAIL,
    IF_FAIL,
    FEATURE_FAIL,
    NEW_TASK,
    LANGUAGE,
    LANGUAGE_NAME,
    START_FAIL,
    CANNOT,
    CANNOT_CUE,
    LIKES,
    NO_SUCH,
    SINCE_CHANGE,
    DO_IT_YOURSELF,
    NARROW,
    TAKES_BACK,
    TAKES_BACK_CUE,
    KEEP_IN_MIND,
    DO_IT_CLITIC,
    TRIED,
    NOT_COME,
    NOT_THERE_SHORT,
    NOT_AVAILABLE,
    FORGET,
    WHY_KO,
    REVERT_KO,
    SAY_THIS,
    FIRST_LEAD,
    STATE,
    ABSENT,
    STATE_CJK,
    REDIRECT_CJK,
    CZECH,
    MUST,
    ADJUST_CJK,
    PROGRESS_BUT,
    CONCEDE,
    REDO,
    REFER,
    REDIRECT,
    CLARIFY,
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
    PRAISE_SENTENCE,
    RULE_STRONG,
    RULE_SOFT,
    AGENT_VOICE,
    LOG_START,
  };
}

// Built on first use (a command that never reads feedback does not pay for it).
const rules = envSlot(() => build());

// --- helpers ---------------------------------------------------------------------------------

const lower = (s: string): string => s.toLowerCase().replace(/[\u2018\u2019]/g, "'");

const SENTENCE_BREAK = /(?<=[.!?。！？:])\s+|\s+(?:-->|—|–|-)\s+|\\\s/gu;
/** A quoted string: the text of an error message or a label the user quotes ("I got "Failed to fetch. Please try again." error"). */
const QUOTED = /"[^"]*"|“[^”]*”|«[^»]*»|「[^」]*」/gu;

/** The sentences of `text`; a sentence does not end inside a quoted string (a quote left open does not count). */
function sentencesOf(text: string): string[] {
  if (!/["“«「]/u.test(text)) return text.split(SENTENCE_BREAK).filter((x) => x.trim());
  const quotes = [...text.matchAll(QUOTED)].map((m) => [m.index, m.index + m[0].length]);
  const out: string[] = [];
  let from = 0;
  let q = 0; // breaks and quotes both come in order: one pass over each
  for (const b of text.matchAll(SENTENCE_BREAK)) {
    while (q < quotes.length && quotes[q][1] <= b.index) q++;
    if (q < quotes.length && b.index > quotes[q][0]) continue;
    out.push(text.slice(from, b.index));
    from = b.index + b[0].length;
  }
  out.push(text.slice(from));
  return out.filter((x) => x.trim());
}

/** The sentence of `text` in which `re` matches, else the first sentence. */
function keySentence(text: string, re: RegExp | null): string {
  const sentences = sentencesOf(text);
  const hit = re ? sentences.find((s) => re.test(lower(s))) : undefined;
  // a separator left by a dropped placeholder ("nope - [Image #1]") is no part of the sentence
  return (hit ?? sentences[0] ?? text).replace(/^[\s—–\\-]+|[\s—–\\-]+$/gu, "");
}

/** Shares a long run of words with the agent message: pasted back. */
function echoes(text: string, before: string, dropMarks = false): boolean {
  if (text.length < 120 || before.length < 120) return false;
  // with dropMarks, markdown marks are dropped on both sides: a step copied out of "`make compose-up`" comes back as "make compose-up"
  const plain = (x: string): string => (dropMarks ? lower(x).replace(/[`*]+/g, "") : lower(x)).replace(/\s+/g, " ");
  const probe = plain(text).slice(0, 200);
  const b = plain(before);
  for (let i = 0; i <= 30 && i + 60 <= probe.length; i += 30) if (b.includes(probe.slice(i, i + 60))) return true;
  return false;
}

/** "X works now, but Y is empty": after "but"/"except", a failure close by. */
function butFails(head: string, fail: RegExp): boolean {
  const m = rules().BUT_WORD.exec(head);
  return !!m && fail.test(head.slice(m.index, m.index + 90));
}

const STOP: ReadonlySet<string> = new Set(["the", "and", "for", "with", "that", "this", "then", "now", "let", "let's", "lets", "please", "can", "you", "your", "our", "all", "too", "also", "just", "yes", "ok", "okay"]);

/** A polite request in the languages users write in ("…してください", "请…", "please …", "por favor", "bitte"). */
/** A short request that ends "for me" ("do it for me", "investigate fopr me"): read only after an agent message that asked nothing. */
const FOR_ME = /^(?:(?:can|could|would) you (?:please )?|please |just )?[a-z]+(?:\s[^?\n]{0,70}?)?\sf[a-z]{0,2}r me[.!]*$/u;
const POLITE = /してください|して下さい|お願いします|(?:^|[^a-z])(?:please|pls|por favor|bitte|s'il (?:te|vous) pla[iî]t)(?![a-z])|^请|麻烦|해\s?주세요|해줘/u;

const COURTESY: ReadonlySet<string> = new Set(["thank", "thanks", "ok", "okay", "yes", "sure", "great", "good", "perfect", "alright", "let", "us", "lets", "let's", "please", "now", "then", "and", "go", "ahead"]);

/** `word` (or its stem: "creating" for "create") occurs in `text`. */
const mentions = (text: string, word: string): boolean => text.includes(word.length > 5 ? word.slice(0, word.length - 2) : word);

/** A request put as a question ("can you …?", "could you please …?"): it asks the agent to act, not for a fact. */
const REQUEST_QUESTION = /^(?:(?:ok(?:ay)?|so|then|now|yes)[,.!]?\s+)?(?:can|could|would|will) (?:you|u)(?: please)? /u;

/** A negation in the languages written with spaces: the offer's own words under it refuse the offer. */
const REFUSES = /(?<![\p{L}])(?:not|don'?t|dont|never|no|nicht|nie|kein\p{L}*|ne|pas|jamais|não|nao|nunca|ni|nada|non|mai|не|нет)(?![\p{L}])/u;

/** A word that narrows a pick to one of the offered alternatives ("just", "solo", "nur", "seulement", "só"). */
const ONLY = /^(?:just|only|solo|sólo|nur|seulement|somente|apenas|só|solamente|soltanto|только)$/u;

/**
 * A short imperative made of the agent's own words: the user takes one of the
 * offered options. The action (the turn's first word once courtesy is set
 * aside) must be the offered one: "let's clean up the imports" after "want me
 * to clean up the imports?" takes it up; "let's remove the right panel" after
 * "want enhancements for the right panel?" does not.
 */
function picksOffer(text: string, offer: string, share = 0.5): boolean {
  // a question picks nothing, in Chinese and Japanese too ("click.option 的 help是哪些", "…ですか")
  if (text.length > 160 || /[?？]\s*$|(?:吗|呢|哪些|哪个|什么|怎么样?|是不是|多少|ですか|ますか)\s*$/u.test(text)) return false;
  // … nor does a refusal in the offer's words ("ne supprime pas les anciens fichiers" after "Tu veux que je supprime …?")
  if (REFUSES.test(lower(text))) return false;
  const words = (lower(text).match(rules().LETTERS) ?? []).filter((x) => x.length >= 3 && !STOP.has(x) && !COURTESY.has(x));
  // "solo lo de csv" after "¿Quieres que exporte a CSV o agregar filtros?": only one of the offered alternatives
  if (words.length > 1 && ONLY.test(words[0])) words.shift();
  if (words.length === 0 || words.length > 14 || !rules().ALL_LETTERS.test(words[0]) || !mentions(offer, words[0])) return false;
  const offered = new Set(offer.match(rules().LETTERS) ?? []);
  return words.filter((x) => mentions(offer, x) || misspells(x, offered)).length / words.length >= share;
}

/**
 * A word typed with one slip of one of the agent's words: two letters swapped ("teh", "strucutre") or one letter
 * wrong ("planeed"), same length, three letters or more ("update teh docs to the planeed strucutre" after "I can update
 * the docs to the planned structure").
 */
function misspells(word: string, words: ReadonlySet<string>): boolean {
  if (word.length < 3) return false;
  for (const x of words) {
    if (x.length !== word.length || x === word) continue;
    const diff: number[] = [];
    for (let i = 0; i < x.length && diff.length <= 2; i++) if (x[i] !== word[i]) diff.push(i);
    if (diff.length === 1) return word.length >= 5;
    if (diff.length === 2 && diff[1] === diff[0] + 1 && x[diff[0]] === word[diff[1]] && x[diff[1]] === word[diff[0]]) return true;
  }
  return false;
}

/** The sentences of the agent message that offer or ask ("Want me to …?", "Let me know if you want …"), else its last 200 characters. */
function offerOf(tail: string, asks: RegExp): string {
  const sentences = sentencesOf(tail);
  const offers = sentences.flatMap((s, i) => (asks.test(s) || /[?？]\s*$/u.test(s) ? [s, sentences[i + 1] ?? ""] : []));
  return offers.length ? offers.join(" ") : tail.slice(-200);
}

const wordsOf = (text: string): string[] => (lower(text).match(rules().WORDS) ?? []).filter((x) => x.length >= 2 && x !== "emoji");

/**
 * The turn opens with the words of one item of a list in the agent message
 * (its first four words, or all of a shorter item of two words or more),
 * after the item's label ("**A)**", "2.", "-"): the user picked that item.
 */
function repeatsListed(text: string, prev: string): boolean {
  const first = sentencesOf(text)[0] ?? "";
  if (/[?？]/u.test(first)) return false;
  const said = wordsOf(text.slice(0, 300)).filter((x, i) => i > 0 || !/^(?:option|opci[oó]n|op[cç][aã]o|[a-h]|\d{1,2})$/u.test(x));
  for (const line of prev.slice(-2000).split("\n")) {
    const item = /^\s*(?:([-*•])|(?:\*\*)?\(?(?:\d{1,2}|[A-Ha-h])[.):](?:\*\*)?)\s+(.+)$/u.exec(line);
    if (!item) continue;
    const words = wordsOf(item[2]);
    // a bullet ("- …") is often a summary line, not an option: only the whole turn repeating it picks it
    const n = item[1] ? words.length : Math.min(4, words.length);
    if (item[1] && said.length !== n) continue;
    if (n >= 2 && said.length >= n && words.slice(0, n).every((x, i) => said[i] === x)) return true;
  }
  return false;
}

/**
 * The turn (its first sentence, after "ok" / "yes" / "go with") is the bold label of one of the items the agent listed
 * ("Natural Language." after "- **Natural Language:** Send messages like …", "99%" after "- **>99%** (more stringent)",
 * "OK switch to Google Sheets. Is there …?" after "- **Switch to Google Sheets** (Always on, …)"): the user picked that
 * item. Two labelled items at least; the words compared, marks and punctuation aside.
 */
function namesBoldItem(text: string, prev: string): boolean {
  const first = sentencesOf(text)[0] ?? "";
  if (/[?？]/u.test(first)) return false;
  const key = (x: string): string => (lower(x).match(rules().WORDS) ?? []).join(" ");
  const said = key(first.replace(PICK_ACK, ""));
  if (!said || said.split(" ").length > 8) return false;
  const labels = [...prev.slice(-2000).matchAll(/(?:^|\n)\s*(?:[-*•]|\d{1,2}[.)])\s+\*\*([^*\n]{1,60})\*\*/gu)].map((m) => key(m[1]));
  return labels.length >= 2 && labels.includes(said);
}

/**
 * After the agent asked which of its options to take, the turn's first sentence names one of them by its label, the
 * bold or quoted name the agent gave it ("go build second feature "Event Search" …" after "Should we proceed to implement
 * the "Event Search" or "Booking Flow" …?", "plan first please." after "**[t] Plan first** – … **[e] Execute directly**"),
 * or, in Han, is part of one ("合并回master" after "1. **本地合并回 `master`**  2. **推送并创建 Pull Request**"). Two labels
 * at least, of two words or more (four Han characters); not a question, not a refusal.
 */
function namesOfferedLabel(text: string, prev: string): boolean {
  const first = sentencesOf(text)[0] ?? "";
  if (/[?？]/u.test(first) || REFUSES.test(lower(first))) return false;
  const key = (x: string): string => (lower(x).match(rules().WORDS) ?? []).join(" ");
  const said = ` ${key(first)} `;
  const tail = prev.slice(-1500);
  // "Can I help with anything else?" offers nothing to choose from
  if (/anything else|help with any/iu.test(tail.slice(-200))) return false;
  const labels = [...tail.matchAll(/\*\*([^*\n]{3,60})\*\*|"([^"\n]{3,40})"|“([^”\n]{3,40})”/gu)].map((m) => key((m[1] ?? m[2] ?? m[3]).replace(/^\s*(?:\[\w\]|\(?\w\)|\d{1,2}[.)])\s+/u, "")));
  const named = labels.filter((x) => x.split(" ").length >= 2 || /^[\u3400-\u9FFF]{4,}/u.test(x));
  if (new Set(named).size < 2) return false;
  const han = said.replace(/\s+/gu, "");
  return named.some((x) => said.includes(` ${x} `) || ((han.match(/[\u3400-\u9FFF]/gu)?.length ?? 0) >= 2 && han.length >= 5 && x.replace(/\s+/gu, "").includes(han)));
}

/** An object written in Han ("方案二"): read as one option's name. */
const CJK_OPTION = /^[\u3400-\u9FFF]{2,}/u;

/**
 * The turn says it likes or picks something ("I like hybrid", "me quedo con la segunda opción") and every word of the
 * object (one to four) is in the agent's recent message: one of its options, taken.
 */
function likesOption(text: string, prev: string): boolean {
  const m = rules().LIKES.exec(lower(text));
  if (!m || text.length > 100 || /[?？]/u.test(text)) return false;
  const object = lower(text.slice(m[0].length)).split(/[.!,;:。！，]/u)[0];
  const words = wordsOf(object).filter((x) => x.length >= 3 && !STOP.has(x) && !COURTESY.has(x) && !/^(?:option|opci[oó]n|op[cç][aã]o|one|the|una?|uno|la|el|le|les|des|der|die|das)$/u.test(x));
  const recent = lower(prev.slice(-1500));
  if (words.length === 0 || words.length > 4) return CJK_OPTION.test(object) && recent.includes(object.trim().slice(0, 4));
  return words.every((x) => mentions(recent, x));
}

/** "there is no org" after "ask an org admin": the noun the user denies is one the agent's message relied on. */
function deniesPremise(head: string, tail: string): boolean {
  // "cancelled_at doesnt exist" after a query the agent wrote with it: the name must be the agent's, word for word
  const gone = head.includes(" exist") ? /^([\p{L}\p{N}_./-]{3,})(?: [\p{L}\p{N}_./-]+){0,2} (?:doesn'?t|does not|dont|don'?t|do not) exist/u.exec(head) : null;
  if (gone && /[_./-]/u.test(gone[1]) && tail.includes(gone[1])) return true;
  if (!/^(?:but |hmm+,? |well,? |(?:bruh|bro|dude|man|lol|uh|um)[.,!]*\s+)?(?:there|i |we |no |n[aã]o |il |je |non )/u.test(head)) return false;
  const m = rules().NO_SUCH.exec(head);
  // a question asks ("I can't see it in the plugin - do you have to publish it?")
  if (!m || /[?？]/u.test(head.slice(0, 120))) return false;
  const noun = wordsOf(head.slice(m[0].length).split(/[.!?,;:]/u)[0]).find((x) => x.length >= 3 && !STOP.has(x) && !/^(?:way|need|option|reason|time|idea|problem|issue|more|other|such|any)$/u.test(x));
  return !!noun && mentions(tail, noun);
}

/** The turn is one of the phrases the agent asked to be told ('Say "start observability" and I'll spin it up', 'reply "yes"'). */
function saysAsked(l: string, tail: string): boolean {
  const said = l.trim().replace(/[.!]+$/u, "");
  for (const m of tail.matchAll(rules().SAY_THIS)) if (m[1].trim().toLowerCase() === said) return true;
  // … or listed as the replies to choose from, each with what it does ('- `"all"` for 1+2+3', '- `"none"` to skip')
  for (const m of tail.matchAll(rules().QUOTED_OPTION)) if (m[1].trim().toLowerCase() === said) return true;
  return false;
}

/** In a language written without spaces, a short turn that repeats the offered action ("重启" after "需要我帮您重启服务器吗？"). */
function echoesOfferCjk(text: string, tail: string): boolean {
  // a sentence-final particle is not part of the action: "还原吧" after "是否还原？"
  const t = text.replace(/[\s。！!.，,~～]+$/u, "").replace(/(?<=..)(?:吧|啊|呀|哈|一下)$/u, "");
  return t.length >= 2 && t.length <= 8 && rules().CJK_ONLY.test(t) && !/^(?:继续|続けて|同意|确认)$/u.test(t) && tail.includes(t);
}

/** The agent message's last question (its last sentence ending "?" or "？"), else "". */
function lastQuestion(tail: string): string {
  const m = /([^.!?。！？\n]*[?？])[^?？]*$/u.exec(tail);
  return m ? m[1] : "";
}

/** In Chinese or Japanese, what follows the agent's last offer ("如果你願意，我可以：- 幫你檢查 …"), else "". */
function cjkOffer(tail: string, asks: RegExp): string {
  const all = [...tail.matchAll(new RegExp(asks.source, "gu"))];
  const last = all[all.length - 1];
  return last ? tail.slice(last.index) : "";
}

/**
 * The turn's opening clause (up to its first stop or comma, a courtesy lead set aside) is the action the agent's last
 * question offered, and the turn goes on with more: in Han, the clause opens on two characters of the question and,
 * unless it is that short, shares two more with it ("演示一下" after "要不要我…演示这个 MoE 模式…？", "修复一些导入路径问题"
 * after "…或者优先修复现有的导入问题？"); in a language written with spaces, it is made of the offered words ("skip it"). Not a
 * question, not a refusal.
 */
function opensOnOffer(text: string, question: string): boolean {
  if (!question) return false;
  // a stop inside a name ("click.option") ends nothing; a turn with a question mark anywhere, or ending on a question word
  // ("… 的 help是哪些"), takes nothing up
  const clause = (text.split(/[.,;!](?=\s|$)|[。，；！\n（(]/u)[0] ?? "").trim();
  if (!clause || /[?？]/u.test(clause) || /[?？]|(?:吗|呢|哪些|哪个|什么|怎么样?)\s*$/u.test(text.trim())) return false;
  const whole = clause.length === text.trim().replace(/[。.!！]+$/u, "").length;
  const han = clause.replace(/^(?:帮我|幫我|请你?|請你?|那就|就)/u, "").replace(/(?<=..)(?:一下|吧)$/u, "");
  if (/^[\u3400-\u9FFF]{2}/u.test(han)) {
    // "可以了" (it works now) answers a question about the result; it takes up nothing
    if (han.length > 12 || /不|别|没|吗|呢|^(?:可以|好的?|行|能)/u.test(han) || !question.includes(han.slice(0, 2))) return false;
    if (han.length <= 4) return true;
    for (let i = 2; i + 2 <= han.length; i++) if (/^[\u3400-\u9FFF]{2}$/u.test(han.slice(i, i + 2)) && question.includes(han.slice(i, i + 2))) return true;
    return false;
  }
  return !whole && /^[a-z]/u.test(lower(clause)) && clause.split(/\s+/u).length <= 4 && picksOffer(clause, lower(question));
}

/**
 * In a language written without spaces, a short turn made mostly of a run of the agent's own words (five Han or kana
 * characters or more): "帮我补充 status 的无登录降级体验" after "需要我 … 补充 `status` 的无登录降级体验？", "P3测试程序记录每次注入的结果
 * 并导出调试日志" after a plan that listed it. A polite lead ("帮我", "请") is no part of what is taken up.
 */
function echoesRunCjk(text: string, tail: string): boolean {
  const t = text.trim().replace(/^(?:帮我|请你?|麻烦你?|那就|就)/u, "");
  // a question picks nothing: "サンドボックス設定の変更方法" (how to change the sandbox settings) asks
  if (t.length > 60 || /[?？]|(?:吗|呢|方法|やり方|仕方|如何|怎么(?:做|办|弄)?|原因|理由|とは)\s*$/u.test(t) || !/[\u3400-\u9FFF\u3040-\u30FF]{5}/u.test(t)) return false;
  let best = "";
  for (let i = 0; i < t.length; i++) {
    for (let j = i + best.length + 1; j <= t.length && tail.includes(t.slice(i, j)); j++) best = t.slice(i, j);
  }
  return (best.match(/[\u3400-\u9FFF\u3040-\u30FF]/gu)?.length ?? 0) >= 5 && best.length * 2 >= t.length;
}

/**
 * In a language written with spaces, a short turn made mostly of a run of the agent's own words (four words or more,
 * three in five of the turn's): the step the agent offered or put forward, typed back as the instruction ("als nächsten
 * Schritt die Ursache eingrenzen (z. B. docfx --logLevel verbose …)" after "Wenn du möchtest, kann ich als nächsten
 * Schritt die Ursache eingrenzen (z. B. …)", "Lance les tests pour valider" after "… lancer les tests pour valider le
 * code ?"). A courtesy lead ("ok", "bitte", "yes") is no part of what is taken up; a question picks nothing.
 */
function echoesRun(text: string, prev: string): boolean {
  // Chinese and Japanese have their own reading (echoesRunCjk), with their own question words ("…的 help是哪些")
  if (text.length > 200 || /[?？\u3040-\u30FF\u3400-\u9FFF]/u.test(text)) return false;
  // the offered words under a negation refuse them ("ne supprime pas les anciens fichiers de migration")
  if (REFUSES.test(lower(text))) return false;
  const said = wordsOf(text);
  while (said.length && (COURTESY.has(said[0]) || /^(?:bitte|por|favor|s'il|te|pla[iî]t|pls|sim|si|sí|oui|ja|да)$/u.test(said[0]))) said.shift();
  if (said.length < 4) return false;
  const agent = wordsOf(prev.slice(-1500));
  const at = new Map<string, number[]>();
  agent.forEach((x, i) => at.set(x, [...(at.get(x) ?? []), i]));
  let best = 0;
  for (let i = 0; i + best < said.length; i++)
    for (const j of at.get(said[i]) ?? []) {
      let k = 0;
      while (i + k < said.length && j + k < agent.length && said[i + k] === agent[j + k]) k++;
      best = Math.max(best, k);
    }
  return best >= 4 && best * 5 >= said.length * 3;
}

/**
 * A short Japanese request ("…てください", "…て欲しい", "…てほしい") whose verb is the one the agent offered or put
 * forward: "直して欲しい。" after "直すっすか？", "テストを実行してください。" after "テストは実行していません。次のステップ …".
 * The verb is the run of Han before "(し)て": two characters or more must be in the agent's words as they are; one
 * (直, 消) with the next kana of its dictionary or polite form (直す, 直し). Its object (words of two Han or katakana
 * or three Latin letters) must be in them too.
 */
const JA_REQUEST = /([\u3400-\u9FFF]{1,4})(?:し)?て(?:ください|下さい|欲しい|ほしい|くれ(?:る|ます)?|もらえ(?:る|ます)?)[。！!]*$/u;
function requestsOfferedJa(text: string, tail: string): boolean {
  const t = text.trim();
  const m = t.length <= 30 && !/[?？]/u.test(t) ? JA_REQUEST.exec(t) : null;
  if (!m) return false;
  // what it is to be done to must be the agent's too: "github上のprのコメントに対して修正して" asks for a new fix
  const objects = t.slice(0, m.index).match(/[\u3400-\u9FFF]{2,}|[\u30A0-\u30FF]{2,}|[A-Za-z]{3,}/gu) ?? [];
  if (!objects.every((x) => tail.includes(x.toLowerCase()))) return false;
  return m[1].length >= 2 ? tail.includes(m[1]) : new RegExp(`${m[1]}[さしすせそ]`, "u").test(tail);
}

/** The agent offers in Korean ("원하면 내가 바로 … 바꾸는 패치 넣겠습니다", "… 싶으시면 알려주세요. 제가 직접 … 드릴 수 있습니다", "할까요?"). */
const OFFER_KO = /원하(?:면|시면|신다면)|싶으시면|드릴 수 있|드릴까요|할까요|해 ?드릴게요/u;
/** A Korean request: the turn ends on an imperative ("생성해.", "바꿔주고 … 돌려봐", "삭제해 주세요"). */
const REQUEST_KO = /(?:해|해줘|해 ?주세요|줘|주세요|봐|봐줘)[.!~]*$/u;
/** The initial consonant of a Hangul syllable (ㄱ … ㅎ as 0 … 18). */
const initialKo = (c: string): number => Math.floor((c.charCodeAt(0) - 0xac00) / 588);
/**
 * A short Korean request whose verb is one the agent offered: "GEMINI.md와 settings.json을 생성하고 … 생성해." after "파일을 생성하거나 …
 * 싶으시면 알려주세요"; "five로 바꿔주고 … 돌려봐" after "원하면 … 바꾸는 패치 넣겠습니다" (a stem's last syllable may contract: 바꾸+어 →
 * 바꿔, same first consonant). Only words with a verbal ending count, the ending set aside; a stem of two syllables or more must be
 * the agent's.
 */
function requestsOfferedKo(text: string, tail: string): boolean {
  const t = text.trim();
  if (t.length > 120 || /[?？]/u.test(t) || !REQUEST_KO.test(t) || !OFFER_KO.test(tail)) return false;
  // the verbs: words that carry a verbal ending ("생성하고", "생성해", "바꿔주고", "돌려봐"), the ending set aside
  const verb = /(?:하고|해줘|해봐|해주라|해|주고|줘|봐|주세요|주라)$/u;
  const stems = (t.match(/[가-힣]{3,}/gu) ?? [])
    .filter((x) => verb.test(x))
    .map((x) => x.replace(verb, ""))
    .filter((x) => x.length >= 2);
  return stems.some((stem) => {
    if (tail.includes(stem)) return true;
    const head = stem.slice(0, -1);
    const last = initialKo(stem.slice(-1));
    for (let i = tail.indexOf(head); i >= 0; i = tail.indexOf(head, i + 1)) {
      const next = tail[i + head.length] ?? "";
      if (/[가-힣]/u.test(next) && initialKo(next) === last) return true;
    }
    return false;
  });
}

/**
 * A turn saved with git conflict markers around it (a chat export merged
 * twice): the user's words are one side of the conflict, not the markers.
 */
function oneSide(text: string): string {
  // the hook sees the turn on one line: the marker's label is "Updated upstream", "HEAD" or a branch name
  const m = rules().CONFLICT.exec(text);
  return m ? m[1] : text;
}

/** A new report asking for help ("when I try to load X I get this error", "please explain"), not a verdict on the claim. */
/** Labels of the options the agent listed: "[IR]", "[C] Continue", "2) …", "**B** …", "**Option A:** …" (upper-cased). */
function optionLabels(prev: string): Set<string> {
  const out = new Set<string>();
  const recent = prev.slice(-2000);
  for (const m of recent.matchAll(/\[([A-Za-z0-9]{1,3})\]/gu)) out.add(m[1].toUpperCase());
  for (const m of recent.matchAll(/(?:^|\n)\s*(?:[-*•]\s*)?(?:\*\*)?\(?([A-Za-z]|\d{1,2})[.)](?:\*\*)?\s/gu)) out.add(m[1].toUpperCase());
  // "- **Option A:** Retry …", "Approach 2: …": the label is the letter or number after the word
  for (const m of recent.matchAll(/(?:^|\n)\s*(?:[-*•]\s*)?(?:\*\*)?(?:option|opci[oó]n|op[cç][aã]o|opzione|approach)\s+([A-Za-z]|\d{1,2})\s*[:.)]/giu)) out.add(m[1].toUpperCase());
  return out;
}

/**
 * The whole turn is labels of the agent's listed options ("O" after "[O] Voir un aperçu", "2 3 4 5" after a numbered
 * list, "IR" after a menu of bracketed codes): a pick. A code cut off with the start of the message counts when the
 * message ends in a menu of such codes.
 */
function picksMenu(text: string, prev: string): boolean {
  const tokens = text
    .trim()
    .replace(/[.!]+$/u, "")
    .split(/\s*(?:,|\+|&|->|>|\s(?:and|et|y|e|then|puis)\s|\s)\s*/u)
    .filter(Boolean);
  if (!tokens.length || tokens.length > 8 || !tokens.every((x) => /^\(?(?:\d{1,2}|[A-Za-z]{1,3})\)?$/u.test(x))) return false;
  const labels = optionLabels(prev);
  if (labels.size < 2) return false;
  const codes = [...labels].filter((x) => /^[A-Z]{2,3}$/u.test(x)).length >= 3;
  return tokens.every((x) => {
    const k = x.replace(/[()]/gu, "").toUpperCase();
    return labels.has(k) || (codes && /^[A-Z]{2,3}$/u.test(x));
  });
}

/**
 * The turn opens on a pick by the agent's option labels and goes on about something else: "ok 3 also can you …",
 * "1, 2,3,4,5,6 et 8. La 7 me semble …". A lone number closed by "." or ")" is how a list of answers starts, not a pick.
 */
const PICK_ACK = /^(?:ok(?:ay)?|yes|yeah|oui|s[ií]|sim|go with|let'?s (?:go with|do))[,.!\s]+/iu;
const PICK_LABEL = "\\(?(?:\\d{1,2}|[A-H])\\)?";
const PICK_ALONE = new RegExp(`^${PICK_LABEL}\\s+(?:first|now|please)[.!]*$`, "iu");
const LEADING_PICK = new RegExp(`^(${PICK_LABEL}(?:\\s*(?:,|\\+|&|\\s(?:and|et|y|e)\\s)\\s*${PICK_LABEL})*)(\\s*[.,;:!+—–-]|\\s+(?:also|and|but|plus|et|mais|pero|then|puis)\\s)`, "u");
function leadsWithPick(text: string, prev: string): boolean {
  const ack = PICK_ACK.exec(text);
  const rest = ack ? text.slice(ack[0].length) : text;
  // "lets do 2 first", "go with B please": the whole turn is the pick, put in order or asked politely
  const alone = ack ? PICK_ALONE.exec(rest.trim()) : null;
  if (alone) {
    const labels = optionLabels(prev);
    return (
      labels.size >= 2 &&
      labels.has(
        rest
          .trim()
          .replace(/^\(?(\w+).*$/su, "$1")
          .toUpperCase(),
      )
    );
  }
  const m = LEADING_PICK.exec(rest);
  if (!m || m[0].length === rest.length) return false;
  const tokens = m[1].split(/[^\dA-H]+/u).filter(Boolean);
  if (tokens.length === 1 && !ack && !/^\s*[,+]|^\s+\p{L}/u.test(m[2])) return false;
  const labels = optionLabels(prev);
  return labels.size >= 2 && tokens.every((x) => labels.has(x));
}

/** Numbered answers whose items are mostly bare labels of the agent's options ("1. A ；2. B；3.B；4. 39.107.158.136"). */
function answersPickOptions(text: string, prev: string): boolean {
  const labels = optionLabels(prev);
  const items = text
    .normalize("NFKC")
    .split(/(?:^|[\s;,])\(?\d{1,2}[.)]\s*/u)
    .map((x) => x.trim().replace(/[;,.!]+$/u, ""))
    .filter(Boolean);
  if (items.length < 2 || labels.size < 2) return false;
  const picks = items.filter((x) => /^[A-Ha-h]$/u.test(x) && labels.has(x.toUpperCase()));
  return picks.length * 2 > items.length;
}

/** "implemente a Opção 1", "go with option B", "执行方案2": names an option by the label the agent gave it. */
const OPTION_NAMED = /(?:option|opção|opcao|opción|opcion|opzione|variante|variant|approach|方案|选项|オプション|옵션)\s*#?\s*(\d{1,2}|[a-d])(?![\p{L}\p{N}_])/iu;
function namesListedOption(head: string, prev: string): boolean {
  const m = OPTION_NAMED.exec(head);
  if (!m || m.index > 80) return false;
  const word = m[0].replace(/\s*#?\s*(?:\d{1,2}|[a-d])$/iu, "");
  return new RegExp(`${word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\s*#?\\s*${m[1]}(?![\\p{L}\\p{N}_])`, "iu").test(prev.slice(-2000));
}

/**
 * A short statement naming a value the agent named differently: "we are in us-central2" after "I'll iterate through
 * the us-central1 zones", "it's port 8081" after "running on 8080". Identifier-like words with a digit, one character apart.
 */
function contradictsValue(text: string, tail: string): boolean {
  // every id holds an ASCII digit (`\d`): a turn without one names none
  if (text.length > 80 || /[?？]/u.test(text) || !/[0-9]/u.test(text)) return false;
  const ids = (x: string): string[] => x.match(/[\p{L}\p{N}][\p{L}\p{N}._-]*\d[\p{L}\p{N}._-]*/gu) ?? [];
  const theirs = new Set(ids(tail));
  return ids(text).some((mine) => {
    if (mine.length < 3 || theirs.has(mine)) return false;
    for (const other of theirs) {
      if (other.length !== mine.length) continue;
      let diff = 0;
      for (let i = 0; i < mine.length && diff < 2; i++) if (mine[i] !== other[i]) diff++;
      if (diff === 1) return true;
    }
    return false;
  });
}

const HELP =
  /^(?:when (?:i|we) (?:try|attempt|run|use|load|open|click|do)|when attempting)|how (?:do|can|to|should) (?:i|we)? ?(?:fix|solve|resolve)|please explain|explain (?:this|what)|what does (?:this|that|it) mean|help (?:me|us) (?:debug|understand|resolve|fix)|^(?:what(?:'s| is| about) (?:this|that) (?:error|warning|message)|cosa (?:è|e'|significa) questo (?:errore|warning|messaggio)|qu[eé] (?:es|significa) este (?:error|mensaje)|c'est quoi cette erreur|que (?:veut dire|signifie) cette erreur|这是什么(?:错误|报错)|这个(?:错误|报错)是什么)/u;

/**
 * "still" in the first two sentences of the turn, as a report: not a modal ("should still work"), nor a
 * question that asks whether something still holds ("is this still correct?", "all still up-to-date?").
 */
function stillAfterClaim(head: string): boolean {
  const r = rules();
  return sentencesOf(head.slice(0, 250))
    .slice(0, 2)
    .some((x) => r.STILL_WORD.test(x) && !r.MODAL_STILL.test(x) && !/^(?:is|are|was|were|do|does|did|all|can|could|should|will|would|have|has)\b/u.test(x.trim()));
}

/** Negated words that say nothing of the claim ("not sure", "don't need", "not only"). */
const NEGATED_STOP: ReadonlySet<string> = new Set([
  "sure",
  "need",
  "needed",
  "want",
  "know",
  "think",
  "mean",
  "that",
  "this",
  "have",
  "just",
  "only",
  "able",
  "also",
  "much",
  "many",
  "worry",
  "care",
  "matter",
  "mind",
  "what",
  "with",
  "from",
  "like",
  "seem",
  "seems",
  "sound",
  "sounds",
  "very",
  "too",
  "when",
  "there",
  "here",
  "something",
  "anything",
  "everything",
  "necessary",
  "necessarily",
  "exactly",
  "always",
  "doing",
  "going",
  "trying",
  "possible",
]);

/**
 * The turn's opening negates what the agent claimed: a negated word whose stem is in the agent's last lines
 * ("it's not opening a new tab" after "this will now only open the new tab", "T036 and T037 are not marked as
 * completed" after "all tasks are complete"). Not when the user speaks of themselves ("I don't need …").
 * Returns a pattern for the key sentence, or null.
 */
function deniesClaim(head: string, tail: string, claimed: boolean): RegExp | null {
  for (const sentence of sentencesOf(head.slice(0, 250)).slice(0, 2)) {
    for (const m of sentence.matchAll(rules().NEGATED)) {
      const word = m[1];
      const before = sentence.slice(0, m.index);
      if (
        NEGATED_STOP.has(word) ||
        /(?:^|[^\w'])(?:i|we)(?:'m|'re| am| are)?(?: (?:do|did|does|have|has|am|are|was|were|would|will|could|can|should|need|want|ca|wo|really|just|still))*\s*(?:do|did|does|ca|wo|have|has|is|are|was|were)?$/u.test(before)
      )
        continue;
      const stem = word.replace(/(?:ing|ed|es|s|ly|ion)$/u, "");
      if (stem.length >= 4 && tail.includes(stem)) return literal(m[0]);
    }
    // in other languages only after a claim: Portuguese "no" is also "in the" ("no final")
    if (!claimed) continue;
    for (const m of sentence.matchAll(rules().NEGATED_OTHER)) {
      const word = m[1] ?? m[2] ?? m[3] ?? m[4];
      if (NEGATED_STOP_OTHER.has(word)) continue;
      const stem = word.replace(/(?:ando|endo|iendo|ado|ido|ada|ida|aba|ía|ar|er|ir|ez|ent|es|en|et|e|a|o|s|t)$/u, "");
      if (stem.length >= 4 && tail.includes(stem)) return literal(m[0]);
    }
    for (const m of sentence.matchAll(rules().NEGATED_CJK)) {
      const han = m[1] ?? m[2];
      if (!NEGATED_STOP_CJK.has(han) && tail.includes(han)) return literal(m[0]);
    }
  }
  return null;
}

const literal = (s: string): RegExp => new RegExp(s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), "u");

/** Negated words in Spanish, Portuguese, French and German that say nothing of the claim ("no quiero", "não sei", "nicht nur"). */
const NEGATED_STOP_OTHER: ReadonlySet<string> = new Set([
  "quiero",
  "necesito",
  "puedo",
  "puede",
  "pueden",
  "pode",
  "podem",
  "final",
  "momento",
  "caso",
  "entiendo",
  "creo",
  "tengo",
  "quero",
  "preciso",
  "posso",
  "entendo",
  "acho",
  "tenho",
  "sabe",
  "sabes",
  "hace",
  "falta",
  "importa",
  "pasa",
  "problema",
  "nada",
  "mais",
  "todo",
  "todos",
  "tudo",
  "mucho",
  "muito",
  "porque",
  "pero",
  "solo",
  "sólo",
  "tanto",
  "tenemos",
  "temos",
  "veux",
  "sais",
  "comprends",
  "pense",
  "faut",
  "suis",
  "peux",
  "dois",
  "aber",
  "auch",
  "noch",
  "bitte",
  "einfach",
  "wirklich",
  "brauche",
  "möchte",
  "will",
  "mehr",
  "immer",
  "warum",
  "dass",
  "damit",
  "hier",
  "jetzt",
  "mich",
  "mir",
  "sich",
  "richtig",
]);
/** Negated Han words that say nothing of the claim ("没有问题", "不需要", "要らない"). */
const NEGATED_STOP_CJK: ReadonlySet<string> = new Set(["问题", "关系", "必要", "需要", "时间", "知道", "清楚", "明白", "确定", "一样", "用", "要", "分か", "知ら", "必要", "問題", "関係"]);

/** Praise that is not asked about: "test if it's working properly" names a check, not a result. */
function praisedOutright(head: string, praise: RegExp): boolean {
  const m = praise.exec(head);
  return !!m && !/\b(?:if|whether|until|once|make sure|ensure|check|test|see)\b[^.!?]{0,20}$/u.test(head.slice(0, m.index));
}

/** A shell prompt opening a line: "jun@cloudshell:~ (proj-123)$ cd …", "ken@srv:~$ flow", "PS C:\\app> npm run dev". */
const SHELL_PROMPT = /^(?:[\w.-]+@[\w.-]+(?::[^\s$#%]*)?(?: \([^)\n]{1,60}\))?\s?[$#%]|PS [A-Z]:\\[^>\n]*>)\s+\S/u;
/** A shell command as the whole turn: a program name, then arguments and flags only. */
const COMMAND_LINE = /^(?:\$\s+)?(?:gcloud|git|npm|npx|pnpm|yarn|docker|kubectl|pip3?|python3?|node|cd|ls|cat|curl|brew|apt(?:-get)?|sudo|cargo|uv|bash|az|aws|gh)(?:\s+[-\w./:=@~"'\\]+)+\s*$|^\$env:\S+$|^[\w.~-]+\/$/u;
/**
 * The turn is a command (a program and its arguments, one line) that the agent's message gives as a code line or an
 * inline code span, in a message that asks, offers or puts forward next steps, or claims nothing done ("You can attach to
 * it with: ```gt deacon attach```"). An example in a finished report ("The site is ready! Example: `code src/x.md`") is
 * not a step put forward.
 */
function putForward(t: string, prev: string): boolean {
  const c = t.trim().replace(/[.!]+$/u, "");
  if (c.length < 5 || c.length > 100 || /\n/u.test(c) || !/^[a-z][\w-]*\s+\S/iu.test(c) || /^https?:/iu.test(c)) return false;
  const recent = prev.slice(-1500);
  if (!recent.includes(c)) return false;
  // as an inline code span, or as a line of its own (a code block's, with or without a "$ " prompt)
  if (!recent.includes(`\`${c}\``) && !recent.split("\n").some((line) => line.trim().replace(/^\$\s+/u, "") === c)) return false;
  const cues = agentCues(prev);
  return cues.asked || !cues.claimed || rules().NEXT_CUE.test(lower(prev.slice(-600)));
}

/** File mentions leading a turn (Cursor's "@file", with a line range). */
const MENTIONS = /^(?:@[^\s@]+\s+)+/u;
/** Claude Code's thinking keywords typed ahead of the words ("ultrathink com muito cuidado …", "think hard: …"): a budget for the agent, not a verdict. */
const THINKING = /^(?:ultrathink|megathink|think (?:hard(?:er)?|deeply|very hard))(?![\p{L}\p{N}_])[\s,.:;!-]*/iu;
/**
 * What every THINKING match opens with, under its flags: THINKING (case-blind over \p{L}, ~0.3 ms to compile
 * on its first run) is tried only on a turn that opens so. The gates below are of the same kind: a literal that
 * every match of the pattern they guard contains, so the pattern runs only where it can match.
 */
const THINKING_CUE = /^(?:ultra|mega)?think/iu;
const withoutThinking = (s: string): string => (THINKING_CUE.test(s) ? s.replace(THINKING, "") : s);

/**
 * Lines that only a test runner, a build or a terminal writes, pasted into the
 * turn (which the hook sees on one line): Karma's "FAILED TESTS:", RSpec's
 * "Failures: 1)", "Failure/Error:", "Randomized with seed 49511" and "Run
 * options:", pytest's "=== FAILURES ===", Go's "--- FAIL:", a docker build's
 * "#8 1.500 …", stack frames ("at Foo.bar (file.js:12:3)", 'File "x.py", line
 * 3', "# ./spec/x.rb:73:in"), npm's "npm ERR!", tsc's "error TS2304:", a shell
 * prompt ("❯ "), and Claude Code's own output copied from its terminal ("Ran 1
 * stop hook ⎿ Stop hook error: …"). Case matters: "FAILED:" is the runner's,
 * "failed" may be the user's. Each alternative is a fixed run of text, so the
 * search stays linear.
 */
const PASTE_MARK =
  /FAILED(?: TESTS)?:|\bFailures:(?= 1\))|Failure\/Error:|Randomized with seed \d|\bRun options:|={3,} ?(?:FAILURES|ERRORS|short test summary)|--- FAIL:|(?<!\S)#\d+ \d+\.\d{3} |(?<!\S)#\d+ ERROR:|\bat (?:async )?[\w$.<>]+ \([^()\s]*:\d+:\d+\)|(?<!\S)File "[^"]{1,200}", line \d|(?<!\S)# \.\/[\w./-]+:\d+:in |Traceback \(most recent call last\)|npm ERR!|\berror TS\d{4}:|(?<!\S)❯ |\bRan \d+ \w+ hooks?\b|⎿/u;

const SENTENCE_END: ReadonlySet<string> = new Set([".", "!", "?", ":", "。", "！", "？", "："]);

/**
 * The user's words before the output they pasted: the turn cut at its first
 * runner or build line, back to the end of the sentence before it ("Got this:
 * sync Budget Tests FAILED: …" → "Got this:"; "still failing: FAILED TESTS: …"
 * → "still failing:"). The whole turn when nothing was pasted; "" when it opens
 * with the paste.
 */
export function typedLead(text: string): string {
  const m = PASTE_MARK.exec(text);
  if (!m) return text;
  const lead = text.slice(0, m.index).trimEnd();
  for (let i = lead.length - 2; i >= 0; i--) if (SENTENCE_END.has(lead[i]) && lead[i + 1] === " ") return lead.slice(0, i + 1);
  return lead;
}

/** Marks of pasted log output: log levels, stack frames, "file.ext:line", "SomethingError:". */
const LOG_MARK = /\[(?:info|error|warn(?:ing)?|debug|trace)\]|\bat [\w$.<>]+\(|\(?[\w-]+\.(?:java|kt|js|ts|tsx|py|cs|go|rb|php|swift|dart):\d+|\b\w*(?:error|exception)\b:|\bcaused by\b/giu;

const FIRST_LOG_MARK = new RegExp(LOG_MARK.source, "iu");

/**
 * A turn that is mostly pasted log with little typed before it (the hook sees
 * it on one line, so this counts marks, not lines): not the user's verdict.
 */
function mostlyLog(text: string): boolean {
  const head = text.slice(0, 600);
  const marks = [...head.matchAll(LOG_MARK)];
  return marks.length >= 3 && (marks[0].index ?? 0) < 40;
}

/**
 * The user typed a verdict before pasting the log ("errors galore: Error: …", "still broken: Traceback …"): two words or more and a
 * failure word before the first log mark. A bare "error:" that ends the typed words is theirs ("look at the error: INFO …").
 */
function verdictBeforeLog(text: string, fail: RegExp): boolean {
  const first = FIRST_LOG_MARK.exec(text.slice(0, 600));
  if (!first || first.index === 0) return false;
  const lead = text.slice(0, first.index) + (first[0] === "error:" ? "error" : "");
  return (lead.match(rules().LETTER_RUN)?.length ?? 0) >= 2 && fail.test(lead);
}

/** The agent message ends announcing its next step, cut off there ("Now let me update the diagram:"). */
function midAction(prev: string): boolean {
  const last = prev.trimEnd().split("\n").pop() ?? "";
  return /:\s*$/u.test(last) && rules().MID_ACTION.test(last);
}

/**
 * The marker describes what the software does, not how the agent should work:
 * it follows a thing as its subject ("the cart should never add duplicates") or
 * "every time" names an event ("runs every time a user logs in").
 */
function specRule(head: string, rule: RegExpExecArray): boolean {
  // the clause the marker sits in, from its start: a subject and at most a modal before the marker
  const before =
    head
      .slice(0, rule.index)
      .split(/[.!?;:,]\s|\s(?:and|but|so|then)\s/u)
      .pop() ?? "";
  if (/^\s*(?:the|a|an|this|that|each|every|our|my|its|their) [\w-]+(?: [\w-]+)?\s+(?:(?:should|must|will|would|can|could|does|do|is|are|has to|needs? to)\s+)?$/u.test(before)) return true;
  return /^(?:every time|whenever)/u.test(rule[0]) && /^\s*(?:a|an|the|someone|somebody|users?|customers?|people|it|they|this|that)\s/u.test(head.slice(rule.index + rule[0].length));
}

/**
 * The agent's last question asks the user for a fact about their setup or
 * what they did ("Do you have Docker installed?", "Is the backend running?",
 * "Did you set the API key?") and offers nothing.
 */
function asksFact(tail: string, offers: RegExp): boolean {
  const questions = sentencesOf(tail).filter((x) => /[?？]\W*$/u.test(x));
  const last = (questions[questions.length - 1] ?? "").replace(/^[\W\d]+/u, "");
  if (
    !last ||
    offers.test(last) ||
    /(?<![\w])(?:want|like|prefer|me to|should i|shall i|can i|may i|ok (?:if|to|with)|okay (?:if|to|with)|fine (?:if|to|with)|proceed|go ahead|continue|approve|confirm|agree|rather|work for you|works for you|comfortable|happy with|fine with|ok with|sounds?|looks?|make sense|makes sense|acceptable|good to go|approach|plan|proposal|suggestion|changes?|fix|version|option)(?![\w])/u.test(
      last,
    )
  )
    return false;
  return /^(?:(?:and|also|so|ok|okay|quick question:?)\s+)?(?:do|does|did|are|is|was|were|have|has)\s+(?:you|your|the|it|this|that|there|these|those)(?![\w])/u.test(last);
}

/** The words sit in a question ("Do you always use …?", "Are these duplicates?"): asking, not stating. */
function askedBack(head: string, rule: RegExp): boolean {
  const s = sentencesOf(head).find((x) => rule.test(x));
  return !!s && (/\?\s*$/u.test(s) || /^(?:do|does|did|are|is|can|could|would|will|should|have|has) (?:you|we|it|i|they|these|those|there)\b/u.test(s.trim()));
}

/** In Chinese or Japanese, the words sit in a question ("…改为自动读取的吗", "…できますか"): asking for something new. */
function cjkAsks(head: string, rule: RegExp): boolean {
  const m = rule.exec(head);
  if (!m) return false;
  const rest = head.slice(m.index).split(/[。！!？?，,]/u)[0];
  return /(?:吗|嗎|ますか|でしょうか)\s*$/u.test(rest) || /^[^。！!]*[？?]/u.test(head.slice(m.index));
}

/** A sentence or line of the agent's message that opens on what it did ("Added the missing entries …", "Fixed the build error by …"): a summary of work done, as Codex writes them. */
const DONE_OPENER =
  /(?:^|[.!]\s+|\n\s*)(?:\*\*)?(?:added|updated|fixed|implemented|removed|changed|moved|replaced|renamed|created|modified|refactored|switched|wired|adjusted|rewrote|reworked|converted|restored|reverted|cleaned up)(?:\*\*)?\s+(?:the|a|an|all|both|your|it|this|that|these|those|[`*\w-]+)/u;

/**
 * The agent's message ends on a question, or on a yes/no question and a remark in parentheses after it ("Want to try
 * it? (Requires opening a local URL)", "Proceed anyway? (yes/no)"): the question is still the last thing it asked. After
 * "What's the path to the workflow? (Provide its `workflow.yaml`)" the remark says what to answer: a fact, not a go-ahead.
 */
function endsAsking(tail: string): boolean {
  if (/[?？]\W*$/u.test(tail)) return true;
  const m = /([^.!?。！？\n]*)[?？]\s*[(（][^()（）\n]{1,120}[)）]\W*$/u.exec(tail);
  return !!m && !/^\W*(?:what|what's|which|where|who|how|when|why)(?![a-z])/u.test(m[1]);
}

/** What the agent message before a turn did: asked for a go-ahead or offered options, claimed the work done (scripts/feedback-features.ts reads it too). */
export function agentCues(before: string | null): { asked: boolean; claimed: boolean } {
  const prev = (before ?? "").trim();
  if (!prev) return { asked: false, claimed: false };
  const r = rules();
  const tail = lower(prev.slice(-600));
  return { asked: r.ASKED.test(tail) || r.ASKED_CJK.test(tail) || endsAsking(tail.trim()), claimed: r.CLAIMED.test(tail) || r.CLAIMED_CJK.test(tail) || DONE_OPENER.test(tail) };
}

/** The agent's message claims a change made, not only a status in check marks ("✅ healthy"). */
function claimsChange(tail: string): boolean {
  const words = tail.replace(/[✅🎉]/gu, " ");
  return rules().CLAIMED.test(words) || rules().CLAIMED_CJK.test(words) || DONE_OPENER.test(words);
}

/**
 * After a claim, a report that something does not happen: Portuguese "não" before a finite verb ("não saiu da splash screen";
 * not an infinitive, "para não quebrar nada"), French "… pas" after a verb of ability or working ("on peut pas changer la valeur"),
 * Russian "не" before a finite verb ("не соответствует мобильному дизайну"; not an infinitive, "чтобы не сломать"), "их нет"
 * (they are not there). Each pattern is tried only on a turn holding the literal every match of it holds ("não ", " pas", "не").
 */
function reportsNotHappening(headF: string): boolean {
  const opening = sentencesOf(headF).slice(0, 2).join(" ");
  return (
    (/n[aã]o /u.test(opening) && /(?<!(?:para|pra|sem|que|de) )n[aã]o (?!\p{L}+(?:ar|er|ir)(?![\p{L}]))\p{L}{3,}/u.test(opening)) ||
    (headF.includes(" pas") && /(?:peu[xt]|peuvent|arrive|marche|fonctionne|s'affiche|bouge|change) pas(?![\p{L}])/u.test(headF)) ||
    (opening.includes("не") &&
      /(?<![\p{L}])(?<!чтобы )не (?!\p{L}+(?:ть|ти|ться)(?![\p{L}]))(?!нуж|надо|знаю|уверен|более|менее|больше|меньше|только|очень|всегда)\p{Script=Cyrillic}{3,}|(?<![\p{L}])(?:их|его|её|ее) (?:больше |уже |теперь |сейчас )?нет(?![\p{L}])/u.test(
        opening,
      ))
  );
}

/**
 * Detects feedback in `text` (normalized user words) given the agent message
 * before it (`before`, null or "" when unknown). Null when it is not feedback.
 */
export function detectFeedback(text: string, before: string | null): Detection | null {
  const r = rules();
  // Cursor's file mentions lead a turn ("@page.tsx it is still …", "@c:\\repo\\nb.ipynb:1-5 I mean …"): the words follow them
  const mentioned = oneSide(text).trim().replace(MENTIONS, "");
  const whole = withoutThinking(mentioned).replace(MENTIONS, "");
  if (!whole) return null;
  const wl = lower(whole);
  if (r.AGENT_VOICE.test(wl) && whole.length > 200) return null;
  // a long turn that opens with a markdown heading is a document or a slash command's expansion ("## User Input … ## Outline …"), not a verdict
  if (whole.length > 200 && /^#{1,6}\s+\S/u.test(whole)) return null;
  if (r.LOG_START.test(wl) || (mostlyLog(whole) && !verdictBeforeLog(wl, r.FAIL))) return null;
  // a pasted runner or build log is no verdict: only the words typed before it are read ("still failing: FAILED TESTS: …")
  const t = typedLead(whole);
  if (!t) return null;
  const l = lower(t);
  const bare = IGNORED.test(l);
  const prev = (before ?? "").trim();
  const hasPrev = prev.length > 0;
  // a command line typed into the agent's prompt ("gcloud config set disable_color true", "$env:Temp\\setup.exe", "projects/")
  // or a script of slash commands for another tool ("/branch fix-x\n/save\n/message …"): not words to the agent
  // … unless it is the command the agent put forward ("git init" after "Would you like me to initialize the repository?
  // ```git init```", "npm install -g gsd" after the agent gave it as the way to install): typing it takes that step up
  if (hasPrev && putForward(t, prev)) return { type: "decision", confidence: "medium", rationale: "runs the command the agent put forward", key: t.trim() };
  if (COMMAND_LINE.test(t) || (t.match(/^\/[a-z][\w-]*(?:\s|$)/gmu)?.length ?? 0) >= 2) return null;
  // a pasted terminal session opens on the shell's prompt: "jun@cloudshell:~ (proj-123)$ cd ~/app gcloud builds submit … ERROR: …"
  if (SHELL_PROMPT.test(t)) return null;
  // text pasted back from the agent is not a verdict, except its suggested next step handed back as the instruction
  // (only a turn of 120 characters or more can echo: the cue is read for those alone)
  const handsBack = (): boolean => t.length <= 400 && r.NEXT_CUE.test(lower(prev.slice(-600)));
  const handedBack = (): Detection => ({ type: "decision", confidence: "medium", rationale: "hands back the step the agent suggested", key: keySentence(t, null) });
  if (hasPrev && echoes(t, prev)) return handsBack() ? handedBack() : null;
  if (hasPrev && t.length >= 120 && echoes(t, prev, true) && handsBack()) return handedBack();

  const head = l.slice(0, HEAD);
  const tail = lower(prev.slice(-600));
  const cues = agentCues(prev);
  const claimed = cues.claimed;
  // "Do you have Docker installed?" asks for a fact: "yes" answers it, it accepts nothing
  const asked = cues.asked && !asksFact(tail, r.ASKED);
  const short = t.length <= 300;
  const d = (type: DetectedType, confidence: Confidence, rationale: string, re: RegExp | null): Detection => ({ type, confidence, rationale, key: keySentence(t, re) });
  // "ok" alone to "Shall I go ahead?" / "Valides-tu ces choix ?" takes the proposal up; to anything else it acknowledges
  // … and to "if that's OK, I'll commit and open the PR" it gives the go-ahead the agent asked for
  if (bare)
    return !/^(?:thank|ty$|cool)/u.test(l) && ((asked && (endsAsking(tail.trim()) || CONFIRM.test(tail.slice(-300)))) || r.IF_OK.test(tail.slice(-300))) ? d("decision", "high", "accepts what the agent asked to confirm", null) : null;
  // the agent asked several questions and the turn answers them in a numbered list ("1. in header 2. all of them …"): answers, not a verdict
  // … unless most answers are picks of options the agent labelled ("1. A ；2. B；3.B"): choosing among its proposals
  if (asked && /^\(?1[.)]\s/u.test(head) && /[\s；;，,。．.]\(?2[.)]/u.test(t) && (prev.slice(-1500).match(/[?？]/gu)?.length ?? 0) >= 2 && !r.NEGATION.test(head))
    return answersPickOptions(t, prev) ? d("decision", "medium", "answers the agent's questions by picking its options", null) : null;
  // the turn opens on a pick of the agent's options and goes on ("ok 3 also can you …"): what follows adds to the pick;
  // "3 but keep …" takes the option with a change, a correction like "yes, but …"
  if (asked && leadsWithPick(t, prev)) {
    const but = r.BUT_WORD.exec(head);
    return but && but.index < 40 ? d("correction", "medium", "takes one of the agent's options with a change", r.BUT_WORD) : d("decision", "medium", "opens on a pick of the agent's options", null);
  }
  // failure words that are negated ("make sure it runs without any errors") report nothing
  const lf = l.replace(r.NO_FAIL, " ").replace(r.IF_FAIL, " ").replace(r.FEATURE_FAIL, " ");
  const headF = lf.slice(0, HEAD);

  // corrections that need no context
  // Portuguese "mais" is "more", not the French "but": "sim, avalie se temos mais …"
  const but = r.BUT.exec(head);
  if (but && !(/^sim\b/u.test(head) && but[0].endsWith("mais"))) return d("correction", "high", "accepted with a change", /\b(?:but|except|however|although|though)\b/u);
  // "no, …" to "anything else?" declines more help; it does not reject what was done
  const declinesMore = /^no\b/u.test(head) && /anything else|help with any/u.test(tail);
  if (r.NEGATION.test(head) && !declinesMore) {
    // "no" to "Shall I …?" declines the proposal; "no, …" elsewhere rejects what the agent said or did
    return d("correction", head.length <= 3 && !hasPrev ? "medium" : "high", "rejects the previous message", null);
  }
  const again = sentencesOf(headF).some((x) => r.AGAIN.test(x) && r.FAIL.test(x) && !r.MODAL_STILL.test(x));
  if (again) return d("correction", hasPrev ? "high" : "medium", "still failing after the agent's change", r.AGAIN);
  const still = r.STILL_CUE.test(head) ? r.STILL.exec(head) : null;
  // Chinese "还是" after "能否 / 是否 …" is "or" in a question ("我能否直接用 webview，还是目前就是这样"), not "still"
  // … and after "无论 / 不管" it is "or" in "whether … or …" ("无论是前端传入记录还是直接在mysql后台修改记录都得生效")
  // … and so it is right after a yes/no question ("现在设置好了吗，还是需要我再做什么呢")
  const orQuestion =
    still?.[0] === "还是" &&
    (/(?:能否|是否|能不能|可不可以|要不要|或者|无论|不管)[^。！？?!]*$/u.test(head.slice(0, still.index)) ||
      /(?:吗|是不是|有没有)[？?]?[，,]?\s*$/u.test(head.slice(0, still.index)) ||
      /^还是(?:怎么|什么|哪|谁|说)/u.test(head.slice(still.index)));
  if (still && !orQuestion && !r.MODAL_STILL.test(head)) return d("correction", hasPrev ? "high" : "medium", "something is still wrong", r.STILL);
  if (hasPrev && butFails(head, r.FAIL)) return d("correction", "medium", "progress, but something fails", r.FAIL);
  if (hasPrev && r.PROGRESS_BUT.test(head)) return d("correction", claimed ? "high" : "medium", "progress, but something is left", null);
  if (hasPrev && r.CONCEDE.test(head)) return d("correction", "medium", "concedes progress, then objects", null);
  const announced = r.ANNOUNCED.exec(head);
  if (announced && announced.index < 200) return d("correction", hasPrev ? "high" : "medium", "announces a correction", r.ANNOUNCED);
  // "wait, that's the staging database": the user stops the agent to set something right (not "wait, how does … work?")
  if (hasPrev && /^(?:wait|hold on|hang on)(?:[,.!:;–—-]|\s+a\s+(?:sec|second|minute)|\s*$)/u.test(head) && !/[?？]/u.test(sentencesOf(head)[0] ?? "") && !/[?？]/u.test(sentencesOf(head)[1] ?? ""))
    return d("correction", "medium", "stops the agent to set something right", null);
  // "I mean the LLM behind the chat": opening with what was meant clarifies what the agent misread
  if (hasPrev && /^i (?:mean|meant)(?![\w'])/u.test(head)) return d("correction", "medium", "clarifies what the agent misread", null);
  const clarify = r.CLARIFY.exec(head);
  if (clarify && clarify.index < 150) return d("correction", hasPrev ? "high" : "medium", "clarifies what the agent misread", r.CLARIFY);
  if (hasPrev && r.OBJECTION.test(head)) return d("correction", "medium", "objects to the previous message", null);
  if (hasPrev && r.NO_ONLY.test(head)) return d("correction", "high", "rejects what the agent used", null);
  const foreign = r.FOREIGN.find((re) => re.test(head));
  if (foreign) return d("correction", hasPrev ? "high" : "medium", "correction (non-English)", foreign);
  // "I tried your solution but it doesn't work", "재시작도 해봤는데 안돼": what the agent suggested was tried, and it failed
  if (hasPrev && r.TRIED.test(head.slice(0, 250)) && (r.FAIL.test(lf.slice(0, 300)) || r.NOT_COME.test(head.slice(0, 300)))) return d("correction", "medium", "tried what the agent suggested, and it failed", r.TRIED);
  // "forget the star wars template, make …": the user discards what the agent made or proposed
  if (hasPrev && r.FORGET.test(head)) return d("correction", "medium", "discards what the agent made or proposed", r.FORGET);

  // standing rules outrank the softer correction cues: "from now on, don't …" is a preference
  // a long task prompt opening a session carries rules for that task ("Please commence Task 3 … always commit after each sub-task"): not a standing rule
  const rule = r.RULE_STRONG.exec(head);
  const taskRule = !!rule && !hasPrev && t.length > 300 && rule.index > (sentencesOf(head)[0]?.length ?? 0);
  if (rule && !taskRule && !r.PRAISE.test(head) && !askedBack(head, r.RULE_STRONG)) {
    // a rule aimed at what the agent just did ("NEVER EVER DO THIS", "we don't want this (ever) --> reformat it", a failure after its claim) is first a correction
    const ruleSentence = sentencesOf(head).find((x) => r.RULE_STRONG.test(x)) ?? "";
    const atLastAct = r.AT_LAST_ACT.test(ruleSentence) || r.REPROACH.test(head.slice(0, rule.index)) || (claimed && r.FAIL.test(headF));
    if (atLastAct) return d("correction", "high", "a rule aimed at what the agent just did", r.RULE_STRONG);
    // "the cart should never add duplicates" specifies the software, not how to work
    if (!specRule(head, rule)) return d("preference", "high", "standing rule", r.RULE_STRONG);
  }

  // the turn opens by repeating one of the options the agent listed ("feature/welcome-screen-and-node-collapse", "Investigar falha … (30 min). Utilize …"):
  // a pick, even when the option's own words sound like a failure
  if (hasPrev && (asked || /recommend|recomend|\breco\b|suggest|empfehl|建议|推荐|おすすめ/u.test(tail)) && repeatsListed(t, prev)) return d("decision", asked ? "high" : "medium", "picks one of the agent's options", null);
  if (hasPrev && namesBoldItem(t, prev)) return d("decision", asked ? "high" : "medium", "names the bold label of one of the agent's listed items", null);
  if (asked && namesOfferedLabel(t, prev)) return d("decision", "medium", "names one of the options the agent asked to choose from", null);

  if (hasPrev) {
    // "Perfect, it works. Last thing: please move …": praise first, then a new request, is an approval
    const praiseEnd = r.PRAISE.test(head) ? (sentencesOf(head)[0]?.length ?? 0) : 0;
    // a turn that opens a new question ("how do we make sure …?") is a new task; "if you haven't …" is a condition, not a reproach
    const opens = rules().NEW_QUESTION.test(head) ? (sentencesOf(head)[0]?.length ?? 0) : 0;
    // read on the head without failure words that name a feature or a condition ("so the form shows an error when the email is wrong")
    const found = [...headF.matchAll(new RegExp(r.REPROACH.source, "gu"))].filter((m) => (m.index ?? 0) >= opens && !headF.slice(0, m.index).endsWith("if "));
    const hits = praiseEnd > 0 && found.every((m) => (m.index ?? 0) > praiseEnd) ? [] : found;
    // a turn that opens a new task ("Add dark mode. Don't use a library …", "Next, let's build the dashboard. It must …")
    // specifies the new thing: one soft cue, a "must", a state or a redo in it says nothing of the agent's last work
    const newTask = r.NEW_TASK.test(head) && !r.FAIL.test(headF);
    if (hits.length > 1 || (hits.length === 1 && (hits[0].index ?? 0) < 150 && !newTask)) {
      const strong = hits.length > 1 || r.FAIL.test(headF) || claimed;
      return d("correction", strong ? "high" : "medium", "redirects what the agent did", r.REPROACH);
    }
    if (claimed && r.FAIL.test(lf.slice(0, 250)) && !HELP.test(head)) return d("correction", "medium", "reports a failure after a claim of success", r.FAIL);
    // after a claim, "why …?" about the result asks why it is not as claimed: "Why do I have two prompts?", "为什么发送了两次？"
    // ("why not …" / "why don't we …" suggests something instead; a why after a status report — check marks only —,
    // without a claim before it, or among several questions, asks to understand)
    if (claimed && !newTask && r.WHY_OPEN.test(head) && (t.match(/[?？]/gu)?.length ?? 0) <= 1 && claimsChange(tail)) return d("correction", "medium", "asks why the result is not as claimed", r.WHY_OPEN);
    // after a claim, "still" in the turn's opening says the claimed change did not take: "it still does it", "it is still incremental"
    if (claimed && !orQuestion && stillAfterClaim(headF)) return d("correction", "medium", "still so after the agent's claim", r.STILL_WORD);
    // after a claim, the turn negates what the agent said it did: "it's not opening a new tab" after "this will now open the new tab"
    const denied = !newTask ? deniesClaim(headF, tail, claimed) : null;
    if (denied) return d("correction", claimed ? "medium" : "low", "negates what the agent claimed", denied);
    // … in Chinese, "当前文件的clasname也需要修改" (this one needs changing too) in the turn's opening; "你看下readme是否也要更新"
    // (see whether the readme needs updating too) asks for a check
    if (claimed && (r.OMISSION.test(head) || /^(?![^。！？]*(?:是否|看下|看看|检查|有没有))[^。！？?，,]{0,24}也(?:需要|要|得)(?:修改|改|调整|更新|处理)/u.test(head)) && !HELP.test(head))
      return d("correction", "low", "points out an omission", r.OMISSION);
    // "now the page is blank": the state the agent's change left
    if (/^(?:and |but |ok,? |okay,? |hmm,? )?now\b/u.test(head) && (r.FAIL.test(sentencesOf(headF)[0] ?? "") || r.STATE.test(sentencesOf(headF)[0] ?? ""))) return d("correction", "medium", "observes what the change left", r.FAIL);
    // after a claim, what the user sees instead: a state, an absence
    if (claimed && !newTask && r.STATE.test(lf.slice(0, 250)) && !askedBack(head, r.STATE)) return d("correction", "medium", "observes something other than what was claimed", r.STATE);
    if (claimed && t.length <= 60 && r.ABSENT.test(head)) return d("correction", "medium", "observes something missing after a claim", null);
    if (r.REDIRECT_CJK.test(head) && !r.STATE_CJK.test(head)) return d("correction", "medium", "redirects what the agent did (Chinese, Japanese, Korean)", null);
    // the user rules out what the agent concluded: "数据库里肯定是没有相同的账号" (there is certainly no such account), "that's impossible"
    if ((r.DISPUTE.test(head) || r.DISPUTE_CJK.test(head)) && !/[?？]\s*$/u.test(sentencesOf(head)[0] ?? "")) return d("correction", "medium", "rules out what the agent concluded", null);
    // Japanese typed in romaji: "ugoiteimasen" (it does not move), "dekinai" (cannot) after a claim
    if (claimed && r.ROMAJI_FAIL.test(headF.slice(0, 250))) return d("correction", "medium", "reports a failure after a claim (Japanese in romaji)", null);
    if (
      r.STATE_CJK.test(head) ||
      r.CZECH.test(head) ||
      r.WHY_KO.test(head) ||
      // not when the agent offered to put it back ("이전 상태로 되돌릴까요?"): then it is taken up
      (r.REVERT_KO.test(head) && !(asked && /돌리|돌릴|돌려|되돌/u.test(tail))) ||
      // "不要" (don't) rejects; "也不要" (… too, not wanted either: "keys/ 也不要git") adds one more thing to what the agent left out
      /(?<!也)不要|别再|(?<![特区分类级告识辨性])别(?![的人处])[^，。！？,.!?\s]{1,12}了|やめて|しないで/u.test(head) ||
      (claimed && r.ADJUST_CJK.test(head) && !cjkAsks(head, r.ADJUST_CJK))
    )
      return d("correction", claimed ? "high" : "medium", "correction (non-English)", null);
    if (r.CHALLENGE.test(head) && /\?/u.test(sentencesOf(head)[0] ?? "")) return d("correction", "medium", "challenges what the agent said or did", r.CHALLENGE);
    if (r.DOUBT.test(head)) return d("correction", "medium", "asks whether the agent did the work", r.DOUBT);
    // … and pasted what came of its last step, announced as such ("getting this, '…'", "mira estos errores: …")
    // ("I get this error when I do git pull, please explain …" asks for help with something of the user's own)
    if (t.length >= 30 && r.SHOWS_PROBLEM.test(head) && !HELP.test(head.slice(0, 120))) return d("correction", "medium", "shows what the agent's last step led to", r.SHOWS_PROBLEM);
    // "mira el error que sale después del cambio que hiciste": a failure the user ties to the agent's change, claimed or not
    if (r.SINCE_CHANGE.test(headF) && r.FAIL.test(headF)) return d("correction", "medium", "reports a failure since the agent's change", r.SINCE_CHANGE);
    // "there is no org": the user denies something the agent's message took for granted
    if (deniesPremise(head, tail)) return d("correction", "medium", "denies a premise of the agent's message", r.NO_SUCH);
    // the agent left a step to the user ("replace the files, then rebuild") and the user has it do the step itself
    // … or asks for it in a short request ending "for me" ("investigate fopr me", "can you update my local ~/.x.lua for me"; not a question)
    if (!asked && (r.DO_IT_YOURSELF.test(head.slice(0, 120)) || (t.length <= 100 && FOR_ME.test(l.trim())))) return d("correction", "medium", "has the agent do the step it left to the user", r.DO_IT_YOURSELF);
    if (r.TAKES_BACK_CUE.test(head) && r.TAKES_BACK.test(head)) return d("correction", "medium", "takes back the request, or has the agent stop its mistake recurring", r.TAKES_BACK);
    // "I only want you to run the checkout" after the agent set out a larger plan: less than it announced
    const narrow = asked ? null : r.NARROW.exec(head.slice(0, 120));
    if (narrow && narrow.index < 80) return d("correction", "medium", "narrows what the agent announced", r.NARROW);
    // "keep in mind that the course runs on Thursdays" after the agent finished: a constraint its work left out
    const mind = claimed ? r.KEEP_IN_MIND.exec(head.slice(0, 80)) : null;
    if (mind && mind.index < 40) return d("correction", "medium", "adds a constraint the finished work left out", r.KEEP_IN_MIND);
    if (r.SHOULD_START.test(head)) return d("correction", "medium", "says what it should be instead", r.SHOULD_START);
    const must = r.MUST.exec(head);
    if (claimed && !newTask && must && must.index < 200 && !askedBack(head, r.MUST)) return d("correction", "medium", "says what the result must be instead", r.MUST);
    // instructions that point back at the agent's last answer or change and ask for it otherwise
    const redo = r.REDO.exec(head);
    if (redo && redo.index < 200 && !newTask) return d("correction", "medium", "asks for the last answer in another form", r.REDO);
    const refer = r.REFER.exec(head);
    if (refer && refer.index < 200 && !newTask && r.REDIRECT.test(head.slice(refer.index + refer[0].length))) return d("correction", "medium", "points back at what the agent did and redirects it", r.REFER);
  }

  // "no for the storage i mean": a short turn that ends on what was meant clarifies what the agent misread
  if (hasPrev && t.length <= 80 && /(?<![\w'])i (?:mean|meant)[.!]*$/u.test(head)) return d("correction", "medium", "clarifies what the agent misread", null);
  if (hasPrev && contradictsValue(l, tail)) return d("correction", "medium", "names a value the agent got wrong", null);
  if (claimed && reportsNotHappening(headF) && !askedBack(head, /n[aã]o|pas|не|нет/u)) return d("correction", "medium", "reports something not happening after a claim", null);
  // the agent's turn was tool calls only and the user cuts in: "dont clone it", "stop, …"
  if (!hasPrev && t.length <= 80 && /^(?:don'?t|do not|stop)\s+\p{L}/u.test(head)) return d("correction", "medium", "stops what the agent is doing", null);
  if (r.START_FAIL.test(head)) return d("correction", hasPrev ? "high" : "medium", "says the last change failed", r.START_FAIL);
  // "cant run any of the commands": the user cannot do what the agent set up or told them to (a question asks how, it reports nothing)
  if (r.CANNOT_CUE.test(head) && r.CANNOT.test(head) && !/[?？]/u.test(t)) return d("correction", "medium", "cannot do what the agent set up, or finds something wrong", r.CANNOT);
  // what the agent pointed the user to is not there: "não encontrado", "a opção … não está disponível para mim"
  const firstSentence = sentencesOf(head)[0] ?? "";
  if (hasPrev && ((t.length <= 40 && r.NOT_THERE_SHORT.test(head)) || (r.NOT_AVAILABLE.test(firstSentence) && !/[?？]/u.test(firstSentence)))) return d("correction", "medium", "what the agent pointed to is not there", null);

  // plan acceptance
  // the agent listed steps, findings or options and the turn has them done by pointing back at them
  if (hasPrev && (asked || r.LISTED.test(prev.slice(-1500)) || r.NEXT_CUE.test(tail))) {
    // a longer turn counts only when it opens with the instruction ("Let's incorporate all of these, and …")
    const found = t.length <= 200 ? r.TAKE_THESE.exec(head) : r.TAKE_THESE.exec(head.slice(0, 40));
    // not inside a question ("do all nodes have IDs?" is no pick), unless a short turn is a polite request for it: "can you make those
    // recommended changes?" (Turkish "bunların hepsini düzeltir misin?" is read by TAKE_THESE_CJK)
    const sentence = found ? (sentencesOf(head).find((x) => x.includes(found[0])) ?? "") : "";
    const these = found && (!/[?？]\s*$/u.test(sentence) || (t.length <= 80 && REQUEST_QUESTION.test(sentence.trim()))) ? found : null;
    // pointing back ("these", "the above", "all of them") after a list; a bare "fix issues" only after the agent asked
    const pointed =
      !!these &&
      these.index < 80 &&
      ((asked && these.index === 0) ||
        /(?<![\p{L}])(?:these|those|them|the|all|everything|above|current|remaining|outstanding|essas|esses|estas|estes|isso|isto|tudo|esos|esas|estos|eso|esto|todo|tout|ces|[çc]a|tutt\p{L}|questi|queste|alles|diese|das)(?![\p{L}])/u.test(
          these[0],
        ));
    // … or, asked which of them to do, takes them all ("All of them, in order, please" after "Would you like me to help implement any of these?")
    const all = asked && /^(?:(?:ok(?:ay)?|yes|sure)[,.!]?\s+)?(?:all of (?:them|these|those|the above)|both of them)(?:[.!,]|\s+(?:please|in order|one by one)|$)/u.test(head);
    if (pointed || all || r.TAKE_THESE_CJK.test(head.slice(0, 80))) return d("decision", asked ? "high" : "medium", "has the agent act on what it listed", r.TAKE_THESE);
  }
  // a command or step the agent suggested, typed back as the turn ("flow-convert --all" after "Next steps: run `flow-convert --all` …")
  if (hasPrev && t.length >= 6 && t.length <= 100 && /[-_./]/u.test(t) && !/\n/u.test(t) && r.NEXT_CUE.test(tail) && lower(prev.slice(-1500)).includes(l.trim().replace(/[.!]+$/u, "")))
    return d("decision", "medium", "runs the step the agent suggested", null);
  // in Chinese or Japanese, the step the agent said is needed or put forward, typed back as the turn ("重启服务" after "需重启服务使生效")
  if (hasPrev && r.PUT_FORWARD_CJK.test(tail) && echoesOfferCjk(t, tail)) return d("decision", "medium", "asks for the step the agent put forward", null);
  // in Japanese, a polite request for the very step the agent offered or listed ("直して欲しい。" after "直すっすか？")
  if (hasPrev && (asked || r.NEXT_CUE.test(tail) || r.PUT_FORWARD_CJK.test(tail)) && requestsOfferedJa(t, tail)) return d("decision", asked ? "high" : "medium", "asks for the step the agent offered (Japanese)", null);
  // … or, longer, made mostly of a run of the agent's own words
  if (hasPrev && echoesRunCjk(t, prev.slice(-800))) return d("decision", "medium", "takes up the agent's own words (Chinese, Japanese)", null);
  // in Korean, a request for the verb the agent offered ("… 생성해." after "… 싶으시면 알려주세요")
  if (hasPrev && requestsOfferedKo(t, prev.slice(-600))) return d("decision", "medium", "asks for the step the agent offered (Korean)", null);
  // … and in languages written with spaces, the step it offered or put forward typed back ("als nächsten Schritt die Ursache eingrenzen …")
  if (hasPrev && (asked || r.NEXT_CUE.test(tail)) && echoesRun(t, prev)) return d("decision", "medium", "takes up the agent's own words", null);
  // a short polite request whose words are those of the agent's next step ("pushしてください。" after "次にやること: 1. `git push`")
  if (hasPrev && t.length <= 60 && POLITE.test(l) && r.NEXT_CUE.test(tail)) {
    const words = (l.match(/[a-z][a-z0-9_-]{2,}/gu) ?? []).filter((x) => !STOP.has(x) && !COURTESY.has(x));
    if (words.length > 0 && words.length <= 4 && words.every((x) => tail.includes(x))) return d("decision", "medium", "asks for the step the agent suggested", null);
  }
  // a menu command typed alone ("*audit-docs" after "15. *audit-docs — …"): a pick
  if (hasPrev && /^[*/]?[a-z][\w-]{2,40}$/u.test(l.trim()) && new RegExp(`(?:^|\\n)\\s*(?:[-*•]|\\d{1,2}[.)])\\s+[*\`]?${l.trim().replace(/^[*/]/u, "")}(?![\\w-])`, "u").test(lower(prev.slice(-2500))))
    return d("decision", asked ? "high" : "medium", "picks a command from the agent's menu", null);
  // 'Say "start observability" and I'll spin it up': the turn is what the agent asked to be told
  if (hasPrev && t.length <= 40 && saysAsked(l, tail)) return d("decision", "high", "says what the agent asked to be told", null);
  const nfkc = l.normalize("NFKC");
  // one bare label with no agent message before it ("a", "1" after an IDE notice only) picks from nothing; an order of
  // labels ("B then A then C") still reads as a pick of options the lost message listed
  const oneLabel = !hasPrev && /^(?:option\s*)?\(?[a-d1-9]\)?[.!]*$/u.test(nfkc.trim());
  if (!oneLabel && (r.CHOICE.test(l) || (nfkc !== l && r.CHOICE.test(nfkc.trim())))) return d("decision", asked ? "high" : "medium", "picks one of the agent's options", null);
  if (hasPrev && picksMenu(t, prev)) return d("decision", asked ? "high" : "medium", "picks options by the labels the agent gave them", null);
  if (hasPrev && namesListedOption(head, prev) && !/[?？]/u.test(sentencesOf(head)[0] ?? "")) return d("decision", asked ? "high" : "medium", "names one of the agent's options", OPTION_NAMED);
  if (asked && likesOption(t, prev)) return d("decision", "medium", "says which of the agent's options it likes", r.LIKES);
  // "OK, continue" with no agent message before it has nothing to take up
  if (r.PROCEED_END.test(head) && short && (hasPrev || !/(?:continue|carry on)\W*$/u.test(head))) return d("decision", asked ? "high" : "medium", "asks to proceed", null);
  // a bare "proceed" after "Next step: draft the proposal" takes up nothing, as "continue" there does not (below): the
  // agent announced what it does next and asked nothing
  const nextAnnounced = !asked && /^(?:(?:ok(?:ay)?|please|yes)[,.! ]+)*(?:proceed|go ahead|go on)[.!]*$/u.test(l.trim()) && /(?:^|\n)[^\n]*\bnext steps?\b[^\n]*$/u.test(tail);
  // "run this" after the agent set out the commands to run ("Run now: - `python train.py` …", "want me to run it?"): taken up
  if (
    hasPrev &&
    /^(?:(?:ok(?:ay)?|yes|yeah|please|great|then|now)[,.!\s]+)*(?:please )?(?:run|execute) (?:this|these|them|it|those|that|all of (?:them|these|those))(?: (?:for me|please|now))?[.!]*$/u.test(l.trim()) &&
    (asked || /`[^`\n]+`|```/u.test(prev.slice(-600))) &&
    /\brun\b/u.test(tail)
  )
    return d("decision", asked ? "high" : "medium", "runs what the agent set out to run", null);
  const offered = asked || /\n\s*(?:\*\*)?(?:\d|[a-d])[.)]\s/u.test(prev.slice(-600));
  // … and "resume it for me in new terminal" after "If you want me to choose it for you, tell me": the offer taken up, as "do it" there
  if (offered && short && !nextAnnounced && (r.DO_IT.test(head) || (asked && /^[a-z]+ (?:it|that|this|them|those) f[a-z]{0,2}r me(?![a-z])/u.test(head))))
    return d("decision", asked ? "high" : "medium", "takes up what the agent offered", null);
  if (hasPrev && r.TAKES_SUGGESTION.test(head.slice(0, 150))) return d("decision", asked ? "high" : "medium", "takes up what the agent suggested", r.TAKES_SUGGESTION);
  if (r.APPLY_SUGGESTED.test(head) && !r.FAIL.test(headF)) return d("decision", asked ? "high" : "medium", "takes up what the agent suggested", null);
  const thisOne = r.THIS_ONE.exec(head);
  if (thisOne && hasPrev && mentions(tail, thisOne[1])) return d("decision", asked ? "high" : "medium", "takes up what the agent just put forward", null);
  // "looks good, ship it" with no agent message before it is praise: only a proposal makes it a go-ahead
  if (r.PRAISE_GO.test(head) && (hasPrev || !/^(?:lgtm|looks|sounds)/u.test(head))) return d("decision", asked || claimed ? "high" : "medium", "takes up the proposal", null);
  // "I decided to …" deep in a pasted article is not a decision taken here
  const decided = r.DECIDED.exec(head);
  if (decided && (hasPrev || decided.index < 40)) return d("decision", "medium", "records a decision", r.DECIDED);
  const goRest = l.replace(r.GO, "").trim();
  // "continue" (in any language) takes up only an offer to go on ("Shall I continue with phase 2?"); after "A, B or C?"
  // or a message that announces its next step it picks nothing, and "继续完成 …" is a new instruction
  const bareContinue = ((r.CONTINUE.test(head) || r.CONTINUES.test(head)) && !(asked && r.CONT_OFFER.test(tail.slice(-400)))) || nextAnnounced;
  if (r.GO.test(head) && !bareContinue && (goRest.length <= 80 || (asked && short))) return d("decision", asked ? "high" : "medium", "plan acceptance", null);
  if (t.length <= 40 && r.DO_IT_CLITIC.test(l.trim()) && (asked || !hasPrev)) return d("decision", asked ? "high" : "medium", "plan acceptance (one-word imperative)", null);
  if (asked) {
    const offer = offerOf(tail, r.ASKED);
    if (picksOffer(t, offer) || picksOffer(t, tail, 0.75) || echoesOfferCjk(t, tail)) return d("decision", "medium", "picks what the agent offered", null);
    // the turn's opening clause is the offered action, then it goes on ("删除。我想问一下…" after "确认删除吗？", "skip it.  Add the
    // cwd …" after "…, or skip the context percentage for now?", "实现功能，用最简单的方法做就好" after "您希望我帮您实现这些功能…？")
    if (opensOnOffer(t, lastQuestion(tail) || cjkOffer(tail, r.ASKED_CJK))) return d("decision", "medium", "opens on the action the agent offered", null);
    // "First add the printer models. Then enhance the GUI.": the agent's options put in order, the first one named by its words
    const first = r.FIRST_LEAD.exec(l);
    if (first && picksOffer(sentencesOf(t.slice(first[0].length))[0] ?? "", tail)) return d("decision", "medium", "orders the agent's options", null);
    // "2 import GPG key": an option's number and its words
    const choice = rules().CHOICE_LEAD.exec(l);
    if (choice && picksOffer(t.slice(choice[0].length), lower(prev.slice(-1500)))) return d("decision", "high", "picks one of the agent's options", null);
  }
  const yesQuestion = /\?\s*$/.test(t) && !/^(?:y(?:es|eah|ep)|sure)\b/u.test(head);
  if (asked && !yesQuestion && r.YES.test(head) && (short || /^(?:y(?:es|eah|ep)|sure)\b/u.test(head))) return d("decision", "high", "accepts what the agent proposed", null);

  // approval: explicit praise of the result, or a short report that it works now
  if (hasPrev && t.length <= 60 && r.OUTCOME_OK.test(head) && !r.FAIL.test(headF)) return d("approval", "medium", "reports that it works now", null);
  if (r.PRAISE.test(head) || (short && praisedOutright(head, r.PRAISE_ANY))) return d("approval", "medium", "praises the result", null);
  const praiseSentence = sentencesOf(head.slice(0, 200))
    .slice(0, 3)
    .find((x) => r.PRAISE_SENTENCE.test(x.trim()));
  if (praiseSentence) return d("approval", "medium", "praises the result", r.PRAISE_SENTENCE);

  if (r.RULE_SOFT.test(head) && short) return d("preference", "medium", "stated preference", r.RULE_SOFT);
  if (r.LANGUAGE_NAME.test(head) && r.LANGUAGE.test(head)) return d("preference", "medium", "answer language", r.LANGUAGE);
  // the user stopped the agent as it announced its next step ("Let me check the approval status:") to tell it something: a redirection (low: sometimes a new task)
  if (hasPrev && midAction(prev) && t.length <= 300 && !/[?？]/u.test(sentencesOf(head)[0] ?? "") && !r.CONTINUE.test(head) && !r.GO.test(head) && !HELP.test(head)) return d("correction", "low", "interrupts the agent's next step", null);
  return null;
}
