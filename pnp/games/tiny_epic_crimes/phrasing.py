"""Tiny Epic Crimes: how `pnp check` tells this game's rules apart in print (pnp.rules.phrasing).

- ABOUT: rule → {lang: a pattern for a sentence about that rule}. Narrow on purpose: card effects
  ("Stakeouts cost 1 extra hour") talk about the same actions with numbers of their own, so each
  pattern names what only a statement of the rule says.
- MEANS: `rule.param` → value → {lang: a pattern its words must match} (and the other values' words
  must not), for every parameter whose reversal would change the game.
- PLACES: layout (or `deck:<component>`) → the rules printed there through their phrases.
"""
from __future__ import annotations

EN, ZH = "en", "zh-TW"


def _a(en: str, zh: str) -> dict:
    return {EN: en, ZH: zh}


ABOUT = {
    "time_track": _a(r"time track runs|track runs from", r"時間軌從"),
    "turn_order": _a(r"plays? next|acts? next|takes? the next turn|the one \S* ?(?:on top|at the bottom)\b.*play",
                     r"先行動|誰先|輪到誰"),
    "start_stack": _a(r"stack(?:ed)? (?:the )?trackers|trackers (?:start )?stacked", r"依\S*疊放|疊放在"),
    "start_stack_top": _a(r"starts? on top of the stack|top of the (?:starting )?stack", r"起始時放在|起始疊放"),
    "tracker_lands": _a(r"\blands?\b|\blanding\b", r"移動的(?:時間)?記錄物|落點"),
    "turn_steps": _a(r"on your turn you|your turn has|turn (?:is made of|goes)", r"回合依序|回合有\S*步驟"),
    "drive": _a(r"hours? (?:per|a|each) block|(?:drive|move) your car", r"每個?街區花|警車往"),
    "tracker_move": _a(r"move (?:your|the) tracker forward|tracker (?:moves|goes) forward by", r"記錄物往前推"),
    "track_end": _a(r"never (?:moves )?past|moves? past hour|past the last hour", r"記錄物不能超過|會超過的話"),
    "stuck_at_end": _a(r"(?:stands?|standing|stuck) on the last hour|last hour can pay", r"最後一小時就付不出|停在最後一小時"),
    "action_time": _a(r"decides whether|day (?:action )?or (?:a )?night", r"白天行動還是夜晚|白天或夜晚"),
    "day_night": _a(r"alternat|blocks of ⁂? ?hours", r"輪替"),
    "adjacent": _a(r"blocks? next to (?:yours|your block) (?:are|is|means)", r"相鄰的街區是|「相鄰」"),
    "arrest": _a(r"an arrest takes|\barrest takes", r"一般逮捕在"),
    "coffee": _a(r"coffee takes", r"喝咖啡在"),
    "backup": _a(r"backup.*(?:roll one|bullet die|how many hours)|roll (?:at|of) .*your hours arrests", r"呼叫支援在|呼叫支援.*擲一顆"),
    "informant": _a(r"turning an informant takes|informant takes", r"吸收線人在"),
    "witness": _a(r"finding a witness takes|witness takes", r"找到證人在"),
    "search": _a(r"a search takes|search takes", r"搜查犯罪現場在"),
    "failed_search": _a(r"failed search", r"失敗的搜查"),
    "stakeout": _a(r"a stakeout takes|stakeout takes", r"監視在\S+進行|監視在"),
    "holding": _a(r"a holding takes|holding takes", r"拘留在"),
    "accuse": _a(r"lay (?:your|the) car on its side|(?:may|must) accuse", r"側放警車（|你\S*側放警車|可以側放|必須側放"),
    "clue_tokens": _a(r"for the gang|for the (?:rank|weapon)|(?:its|their) own clue", r"找出幫派|找出階級|找出武器|自己的線索"),
    "evidence_found": _a(r"evidence is found when|is found with|the gang with", r"就找出該項證據|幫派要"),
    "evidence_holder": _a(r"holds? (?:that|the|this) evidence", r"掌握這項證據|掌握該項證據"),
    "evidence_reward": _a(r"however many clues|clues? of that type", r"幾個線索|該類型線索"),
    "evidence_look": _a(r"evidence (?:that )?another officer holds|the holder (?:takes|picks|may|cannot)",
                        r"另一位警官掌握|掌握者(?:不能|可以|任選)"),
    "evidence_look_who": _a(r"took part may look|second look|may look at (?:one|two) evidence", r"多看|可以這樣查看"),
    "alibi_source": _a(r"gain a suspect card, choose|choose where it comes from", r"選擇來源"),
    "alibi_none": _a(r"no other officer holds", r"其他警官也(?:都)?沒有"),
    "interrogate": _a(r"to interrogate|interrogat\w*,? choose an opponent", r"訊問：|訊問.*選一位對手"),
    "interrogate_none": _a(r"no opponent holds", r"沒有對手持有"),
    "badge": _a(r"badge (?:starts|moves)|for every clue token|past space", r"徽章從|線索指示物.*徽章|徽章超過"),
    "badge_rewards": _a(r"gold spaces?", r"金色格"),
    "events": _a(r"events? (?:are|is) open|new (?:one|event) goes into|draws an event", r"同時最多|新事件放進"),
    "event_lines": _a(r"event lines (?:stand|are|lie)|lines stand every", r"事件線在|事件線每"),
    "late_events": _a(r"card marked|marked ⁂\+", r"標著"),
    "event_setup": _a(r"set up a new event|event.s setup:", r"設置新事件"),
    "event_solve": _a(r"solves it|who took part gets", r"解決事件，|做到的人"),
    "event_stop": _a(r"stop on a block and spend", r"停在某街區"),
    "event_deck_empty": _a(r"event deck is empty", r"事件牌庫已空"),
    "event_no_mobster": _a(r"setup needs a mobster|no mobster to arrest", r"事件設置需要幫派份子|沒有幫派份子可逮捕"),
    "troubled_times": _a(r"troubled times:|event is due (?:while|when|with)|slots are full", r"要抽事件但|欄位都滿"),
    "troubled_move": _a(r"troubled times move", r"多事之秋讓"),
    "mobster_roll": _a(r"white die|black die|quiet streets|end of every turn roll|roll (?:both|the \S+) bullet dice",
                       r"白骰|黑骰|犯罪消停|回合結束時擲"),
    "crime_spree": _a(r"spree", r"猖獗"),
    "one_mobster": _a(r"block (?:never )?holds? (?:more than|at most)|more than \S+ mobsters? (?:on|in) a block",
                      r"每個街區最多"),
    "setup_mobsters": _a(r"one at a time|draw \S+ mobsters", r"逐一抽出|一次抽一名"),
    "setup": _a(r"officer is dealt|ability cards and keeps|cars start on", r"每名警官發|警車放在"),
    "force_deck_empty": _a(r"force deck runs out", r"警力牌庫用完"),
    "game_end": _a(r"game ends|everyone accuses", r"遊戲結束，大家|大家\S*指控"),
    "winner": _a(r"\bwins\b|nobody is right|still tied", r"獲勝|落敗|平手"),
    "hours_used": _a(r"hours (?:you )?used are", r"花費的時間以"),
    "modes": _a(r"(?:standard|cooperative|co-op|solo) (?:game|mode)s? (?:\(competitive\) )?(?:is|are) for|solo game is",
                r"標準模式（競爭）|單人模式是"),
    "coop": _a(r"in the cooperative game information|the team makes", r"合作模式中資訊|全隊一起討論"),
    "coop_interrogate": _a(r"interrogation gives the team", r"訊問改為"),
}


def _two(a, b, a_en, a_zh, b_en, b_zh):
    return {a: _a(a_en, a_zh), b: _a(b_en, b_zh)}


WHEN = {"any": _a(r"any time", r"任何"), "day": _a(r"\bday\b", r"白天"), "night": _a(r"night", r"夜")}
AT_MOST = (r"at or under|at most|or less|≤|or lower", r"小於|≤|以下")
AT_LEAST = (r"at or over|at least|or more|≥|or higher", r"大於|≥|以上")
LINE = {"row": _a(r"\brow", r"橫列"), "column": _a(r"column", r"直行")}
REWARD = {"interrogate": _a(r"interrogat", r"訊問"), "force_card": _a(r"force", r"警力"),
          "suspect_card": _a(r"suspect", r"疑犯")}

MEANS = {
    "turn_order.acts": _two("furthest_behind", "furthest_ahead", r"behind", r"落後", r"ahead", r"領先"),
    "turn_order.tie": _two("top", "bottom", r"\btop\b", r"最上", r"bottom|under", r"最下"),
    "start_stack_top.top": _two("youngest", "oldest", r"young", r"最小", r"old", r"最大"),
    "tracker_lands.lands": _two("top", "bottom", r"top|above", r"上面", r"under|bottom|below", r"下面"),
    "turn_steps.drive": _two("optional", "required", r"optional|may", r"可選|可以", r"required|must", r"必須"),
    "turn_steps.mobster_roll": _two("required", "optional", r"required|must", r"必須", r"optional|may", r"可選|可以"),
    "turn_steps.event": _two("conditional", "always", r"when|only|due", r"條件", r"every|always", r"每"),
    "turn_steps.action": _two("one", "any", r"\bone\b|single", r"一", r"any|several", r"任意|多"),
    "drive.moves": _two("orthogonal", "diagonal", r"up, down|not diagonal", r"上下左右", r"diagonal|corner|any direction",
                        r"斜|任何方向"),
    "drive.blocks": _two("any", "one", r"any number", r"任意", r"at most one", r"最多"),
    "tracker_move.when": _two("after_action", "before_action", r"after", r"之後", r"before", r"之前"),
    "tracker_move.by": _two("drive_plus_action", "action_only", r"drove|driv", r"駕駛", r"action only", r"行動的時數"),
    "track_end.past_last": _two("choose_another_action", "stop_on_last", r"another|other", r"別的|其他", r"stops",
                                r"停在"),
    "stuck_at_end.then": _two("game_over", "skip", r"over|ends|done", r"結束", r"skip", r"跳過"),
    "action_time.decided_by": _two("start_of_turn", "end_of_turn", r"start", r"開始", r"\bend", r"結束"),
    "day_night.first": _two("day", "night", r"\bday", r"白天", r"night", r"夜"),
    "adjacent.means": _two("orthogonal", "diagonal", r"up, down|corners? (?:do not|never)|not diagonal",
                           r"上、下|上下左右|斜角不算", r"corners included|eight|diagonal", r"含斜角|八"),
    **{f"{a}.when": WHEN for a in ("arrest", "coffee", "backup", "informant", "witness", "search", "stakeout", "holding")},
    "backup.success": {"roll_at_most_hours": _a(*AT_MOST), "roll_at_least_hours": _a(*AT_LEAST)},
    "stakeout.take": {"number_at_most_hours": _a(*AT_MOST), "number_at_least_hours": _a(*AT_LEAST)},
    "backup.success_arrests": _two("block_and_next", "own_block", r"blocks next to", r"相鄰街區的", r"only", r"只有"),
    "backup.fail_arrests": _two("own_block", "none", r"only the mobster", r"只有", r"nobody", r"誰也不"),
    "backup.success_reward": _two("force_card", "nothing", r"force card", r"警力卡", r"nothing", r"不抽"),
    "informant.token": LINE, "witness.token": LINE, "mobster_roll.white": LINE, "mobster_roll.black": LINE,
    "search.keeps": _two("success_or_fail", "success_only", r"fail", r"失敗", r"only", r"只有"),
    "search.after_found": _two("remove_rest", "keep_rest", r"remov", r"棄", r"stay", r"留在原處"),
    "failed_search.counts_as_clue": {True: _a(r"still counts|counts as a", r"也算"), False: _a(r"no clue", r"不算")},
    "stakeout.after_found": _two("remove_rest", "keep_rest", r"remov", r"棄", r"stay", r"留在原處"),
    "stakeout.miss": _two("back_unseen", "show_and_back", r"without showing|unseen", r"不說|不公開",
                          r"show it and put", r"公開後"),
    "holding.colour_gone": _two("force_card", "nothing", r"force card", r"警力卡", r"nothing", r"拿不到|什麼都"),
    "holding.after_found": _two("force_card", "nothing", r"force card", r"警力卡", r"nothing", r"換不到|什麼都"),
    "accuse.when": _two("turn_ends_on_red", "turn_starts_on_red", r"ends", r"結束", r"starts", r"開始"),
    "accuse.choice": _two("may", "must", r"\bmay\b", r"可以", r"\bmust\b", r"必須"),
    "accuse.then": _two("out", "plays_on", r"game is over|wait", r"結束", r"keep playing", r"繼續"),
    "evidence_holder.who": _two("last_clue", "first_clue", r"last", r"最後", r"first", r"第一"),
    "evidence_holder.looks": _two("any_time", "once", r"any time|whenever", r"隨時", r"only once", r"只能看一次"),
    "evidence_reward.who": _two("every_contributor", "finder_only", r"every|each|all", r"每位|所有", r"only", r"只有"),
    "evidence_look.after": _two("any_solved_event", "some_events", r"any event", r"任何", r"says so", r"寫明"),
    "evidence_look.pays": _two("one_suspect_card", "nothing", r"\bone\b", r"一張", r"nothing", r"零"),
    "evidence_look.needs": _two("one_suspect_card", "nothing", r"at least one", r"至少", r"no card", r"不需要"),
    "evidence_look.holder_refuses": _two("never", "may", r"cannot|never|may not", r"不能", r"^may", r"可以拒絕"),
    "evidence_look_who.who": _two("each_participant", "solver_only", r"each|every", r"每位", r"only", r"只有"),
    "evidence_look_who.looks": _two("one", "two", r"\bone\b", r"一", r"\btwo\b", r"兩|二"),
    "alibi_source.deck": _two("top", "bottom", r"\btop\b", r"最上", r"bottom", r"最下"),
    "alibi_source.opponent": _two("blind_pick", "chosen", r"blind", r"盲", r"face up", r"挑"),
    "alibi_source.deck_empty": _two("opponent_only", "nothing", r"only the pick", r"只能", r"nothing", r"拿不到"),
    "alibi_none.then": {"no_card": _a(r"no card|nothing", r"拿不到|不拿")},
    "interrogate.pick": _two("blind", "face_up", r"blind", r"盲", r"face up", r"看著"),
    "interrogate.card": _two("returned", "kept", r"back|return", r"還", r"keep it", r"留下"),
    "interrogate_none.then": {"nothing": _a(r"nothing", r"什麼都|得不到")},
    **{f"badge_rewards.space_{n}": REWARD for n in (3, 5, 7, 9)},
    "badge_rewards.pays": _two("every_space_reached", "landing_only", r"reaches|several", r"經過|抵達",
                               r"stops on|land", r"停在"),
    "events.place": _two("lowest_free", "highest_free", r"lowest", r"最小", r"highest", r"最大"),
    "events.draw_when": _two("first_across_line", "every_tracker", r"first", r"第一", r"every", r"每"),
    "events.occupied_roll": _two("draw", "nothing", r"draws one", r"也要抽", r"nothing", r"不發生"),
    "event_lines.draws": _two("one_per_line", "one_per_turn", r"each line", r"每條線", r"a turn", r"每回合"),
    "late_events.early": _two("discard_and_redraw", "set_aside", r"discard", r"棄", r"aside", r"一旁"),
    "event_setup.reroll_six": {True: _a(r"reroll", r"重擲"), False: _a(r"keep the roll", r"照放")},
    "event_setup.reroll_occupied": {True: _a(r"reroll", r"重擲"), False: _a(r"keep the roll", r"照放")},
    "event_setup.spree": _two("ignored", "played", r"ignor", r"無視", r"play", r"結算"),
    "event_setup.hq": _two("only_if_card_says", "allowed", r"unless", r"除非", r"like any", r"一樣"),
    "event_solve.reward": _two("each_participant", "solver_only", r"each|every", r"每位", r"only", r"只有"),
    "event_stop.counts_as": _two("action", "free", r"one action|no other action", r"唯一的行動",
                                 r"no action of yours|still take", r"不算行動|仍可"),
    "event_deck_empty.then": _two("troubled_times", "nothing", r"troubled", r"多事之秋", r"not drawn", r"不抽"),
    "event_no_mobster.each_missing": _two("troubled_times", "skipped", r"troubled", r"多事之秋", r"left out", r"略過"),
    "event_no_mobster.nothing_to_arrest": _two("discarded", "solved", r"discard", r"棄", r"counts as solved",
                                               r"算作已解決"),
    "troubled_times.deck_empty": _two("every_tracker_forward", "drawing_tracker", r"every", r"所有", r"\byour\b",
                                      r"你的"),
    "troubled_move.who": _two("every_tracker", "drawing_tracker", r"every", r"所有", r"only|your", r"只有|你的"),
    "troubled_move.on_last": _two("stays", "game_over", r"stay", r"原地|不動", r"ends", r"結束"),
    "troubled_move.draws_event": {False: _a(r"no event|not draw", r"不抽"), True: _a(r"draws events|like any", r"照常")},
    "mobster_roll.occupied": _two("draw_event", "nothing", r"event", r"事件", r"stays", r"維持"),
    "mobster_roll.bag_empty": _two("troubled_times", "nothing", r"troubled", r"多事之秋", r"nothing happens", r"不發生"),
    "crime_spree.reroll": _two("every_double", "first_only", r"every|each", r"每次", r"only|first", r"只有|第一次"),
    "force_deck_empty.then": _two("reshuffle_discards", "stop", r"shuffle", r"洗", r"no more", r"不再"),
    "game_end.accusations": _two("simultaneous", "in_turn", r"same time|at once|simultaneous", r"同時",
                                 r"after another|in turn", r"依序"),
    "winner.still_tied": _two("share", "nobody", r"share", r"共享", r"nobody wins", r"沒有人獲勝"),
    "winner.nobody_right": _two("everyone_loses", "highest_badge_wins", r"everyone loses|all lose", r"全員落敗|都輸",
                                r"wins anyway", r"仍由"),
    "hours_used.is": _two("tracker_hour", "actions_only", r"tracker", r"記錄物", r"actions", r"行動"),
    "coop.information": _two("open", "secret", r"open|face up", r"公開", r"secret", r"保密"),
    "coop.evidence": _two("shared", "held", r"shared", r"共用", r"held by", r"掌握"),
    "coop.looks": _two("none", "one", r"nobody", r"不查看", r"one evidence", r"一項"),
    "coop.accusation": _two("one_team", "each", r"together", r"一起", r"each", r"各自"),
    "coop.win": _two("all_or_nobody", "best_accuser", r"you all", r"全隊獲勝|全隊落敗", r"best", r"最好"),
}

# where rules are printed besides the booklet: the player aid, the time track, the event slots, the mats
PLACES = {
    "tiny-epic-crimes/aid": ["turn_order", "drive", "track_end", "game_end", "winner"],
    "tiny-epic-crimes/eventslots": ["event_setup", "late_events", "troubled_times", "event_solve"],
    "tiny-epic-crimes/officer": ["badge"],
}


def phrasing(game):
    return {"about": ABOUT, "means": MEANS, "places": PLACES}
