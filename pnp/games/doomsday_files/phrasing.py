"""Doomsday Files: how its rules are told apart in print (pnp.rules.phrasing reads this).

ABOUT: for every rules.yaml entry, per language, a pattern for a sentence that is about that rule. It
is narrow on purpose: card effects speak of monsters, mysteries, sanity and turns with numbers of their
own ("Play while resolving a monster: +2 force"), and only a sentence that states the rule itself
(a monster is beaten when…, the end phase keeps at most…) may be told as restating it.
MEANS: for every parameter whose value changes the game, per value and language, a pattern its words
must match (and the words of the other values must not): directions, who may act, outcomes, timings,
yes/no rules.
PLACES: the pieces besides the booklet that print rules, and the rules each must print.
"""
from __future__ import annotations


def _both(en: str, zh: str) -> dict:
    return {"en": en, "zh-TW": zh}


ABOUT = {
    # ---- setup
    "players": _both(r"\bplayed by\b[^.;]*\bplayers\b", r"人同玩"),
    "secrets_deal": _both(r"\bguardians?\b[^.;]*\bheretic|\bheretic\b[^.;]*\bguardians\b[^.;]*\b(take|deal)",
                          r"守護者[^。；]*異教徒[^。；]*(取|發)|人時取"),
    "secrets_at_six": _both(r"\b(table of six|six players)\b[^.;]*\bguardians\b", r"六人局[^。；]*守護者"),
    "profession_choice": _both(r"\bstarting profession", r"起始職業"),
    "deal_actions": _both(r"\bstarting cases\b|\baction cards\b[^.;]*\bface down in front of\b",
                          r"起始案件|行動牌[^。；]*覆蓋在[^。；]*面前"),
    "sanity_start": _both(r"\bsanity (limit )?starts?\b|\bstarts?\b[^.;]*\bsanity limit\b|\bsanity\b[^.;]*\bstarts? at\b",
                          r"神智從|起始神智"),
    "doom_start": _both(r"\bdoom starts?\b|\bdoom\b[^.;]*\bstarts? at\b", r"末日指數從[^。；]*開始|末日指數[^。；]*起始"),
    "first_player": _both(r"\bfirst player\b", r"起始玩家"),
    # ---- a turn
    "turn_order": _both(r"\btakes? (the|their) (next )?turn\b|\bplay (then )?(goes|passes) to\b|\bturns (then )?pass to\b",
                        r"輪到[^。；]*玩家|依[^。；]*輪流進行"),
    "draw_phase": _both(r"\bdraw\b[^.;]*\baction cards from the deck\b", r"從牌庫抽[^。；]*行動牌"),
    "resolve_cases": _both(r"\bresolve\b[^.;]*\b(in a|each|this|a) turn\b|\bresolve no more\b",
                           r"每回合[^。；]*結算|不能再結算"),
    "resolve_showing": _both(r"\bshow (cards|your hand)\b[^.;]*\b(one at a time|until)\b|\bhold cards back\b",
                             r"逐張展示|少展示"),
    "shown_cards": _both(r"\bshown cards\b|\bcards (you have )?shown\b[^.;]*\b(stay|go|return)", r"展示過的牌"),
    "pass_case": _both(r"\bpass (exactly |a |one )?\S* ?case\b[^.;]*\b(each|every|a) turn\b|\beach turn\b[^.;]*\bpass\b",
                       r"每回合[^。；]*傳遞|傳出的方向"),
    "take_case": _both(r"\b(cannot|may not) take (it|a case|cases)\b|\bmay take it\b",
                       r"(不能|無法)(再)?收下|可以收下"),
    "untaken_case": _both(r"\bnobody takes\b|\bcomes? back to the player who passed\b",
                          r"沒有人收下|回到傳出它的玩家面前"),
    "passing_hints": _both(r"\bhint\b|\bsay\b[^.;]*\bwhat kind\b", r"暗示|說出[^。；]*種類"),
    "case_arrangement": _both(r"\bremember who passed\b|\barrange\b[^.;]*\bcases\b|\bmarks?\b[^.;]*\basking\b",
                              r"誰傳來|調整擺放|做記號"),
    "claim_victory": _both(r"\b(only|may)\b[^.;]*\bclaim victory\b|\bclaim victory\b[^.;]*\b(a|per|each) turn\b",
                           r"(只有|可以)[^。；]*宣告勝利|宣告勝利[^。；]*每回合"),
    "end_phase": _both(r"\bat most\b[^.;]*\bcards in hand\b", r"手牌至多"),
    # ---- cases
    "symbols": _both(r"\b(gun|magnifier|star) counts? as\b|\b(magnifier|star) as\b",
                     r"(槍枝|放大鏡|星星)[^。；]*(算|代表)"),
    "case_corner": _both(r"\btop-right corner\b", r"右上角"),
    "monster": _both(r"\bmonster\b[^.;]*\b(is beaten|beaten when)\b|\bforce\s*[≥>]\s*difficulty\b|\bdifficulty\s*−\s*force\b",
                     r"擊敗它|武力\s*[≥>]\s*難度|難度\s*−\s*武力"),
    "mystery": _both(r"\bmystery is solved\b|\binvestigate\s*[≥>]\s*difficulty\b|\bmystery\b[^.;]*\bfails?\b[^.;]*\bdoom rises by\b",
                     r"調查\s*[≥>]\s*難度|謎團[^。；]*失敗[^。；]*末日指數\s*[+＋]"),
    "forbidden_shown": _both(r"\bfrom (a|your) hand or (the )?table\b|\bholder loses\b",
                             r"從手上或檯面上展示|持有者[^。；]*損失"),
    "forbidden_symbols": _both(r"\bforbidden card shows\b|\bforbidden cards? (has|have|show)\b[^.;]*\bsymbols?\b",
                               r"禁忌牌(有|算)[^。；]*符號"),
    "resolve_cards": _both(r"\bmarked for resolving\b", r"標明結算時使用|結算時使用的行動牌"),
    "solved_mysteries": _both(r"\bsolved mystery lies\b|\bsolved myster(y|ies)\b[^.;]*\bapart from\b",
                              r"解開的謎團[^。；]*(朝上|分開)"),
    # ---- sanity and professions
    "sanity_zero": _both(r"\bsanity (reaches|hits) zero\b[^.;]*\bdoom\b|\bon your own turn\b",
                         r"神智歸零[^。；]*末日指數|自己的回合歸零"),
    "sanity_zero_effects": _both(r"\bsanity is zero\b|\bat zero sanity\b[^.;]*\beffects?\b", r"神智為零"),
    "sanity_zero_resolving": _both(r"\bsanity (reaches|hits) zero while you resolve\b|\bbefore its outcome\b",
                                   r"結算案件途中[^。；]*神智歸零|結果出來之前"),
    "sanity_zero_end_phase": _both(r"\bturn ends\b[^.;]*\bend phase\b", r"回合[^。；]*結束[^。；]*結束階段"),
    "recovery": _both(r"\bnew profession\b", r"作為新職業"),
    "lasting_ability": _both(r"\blasting abilit(y|ies)\b[^.;]*\bworks?\b", r"傳承能力[^。；]*(生效|有效)"),
    "once_a_round": _both(r"\bability marked \"Once a round\"", r"標示「每輪 1 次」的能力"),
    "profession_discard": _both(r"\bprofession\b[^.;]*\b(nobody keeps|not kept|you do not keep)\b",
                                r"沒被?選(上)?的職業"),
    "profession_pile_empty": _both(r"\bprofession pile\b[^.;]*\b(runs|short|empty|out)\b", r"職業牌堆[^。；]*(不夠|抽完|沒有)"),
    # ---- the action deck
    "discard_pile": _both(r"\b(played|resolved)\b[^.;]*\bdiscard pile\b|\bdiscard pile\b[^.;]*\bface (up|down)\b",
                          r"(打出|結算完)[^。；]*棄牌堆"),
    "empty_deck": _both(r"\bdeck is empty\b|\bdeck runs out\b", r"牌庫已空|牌庫抽完"),
    "no_case_to_pass": _both(r"\bno card in hand\b|\bnothing to pass\b", r"手上沒有牌|無牌可傳"),
    "case_limit_moves": _both(r"\bcase limit\b", r"案件上限"),
    "card_rulings": _both(r"\bchanges what a symbol counts\b|\bdraw while resolving\b|\bmarked ▶ Any time\b",
                          r"改變符號算法|結算途中抽到|標示「▶ 任何時候」"),
    "card_targets": _both(r"\btargets a player when\b", r"指定玩家的意思"),
    "card_texts": _both(r"\babilities and the action cards' names\b", r"職業能力[^。；]*行動牌的名稱"),
    # ---- the end
    "heretic_win": _both(r"\bheretic wins\b|\bdoom reaches\b[^.;]*\bwins?\b", r"異教徒[^。；]{0,6}獲勝|末日指數達到[^。；]*獲勝"),
    "guardian_claim": _both(r"\bclaim (succeeds|fails)\b|\bnames? any allies\b|\bnamed player\b|\bwrong ally\b|"
                            r"\bdoom rises by half\b", r"宣告(成功|失敗)|指認任意|被指認而不是|指認錯誤"),
    "claim_check": _both(r"\bnamed player answers\b|\bsecret revealed in a claim\b",
                         r"被指認的玩家依序回答|宣告時翻開的秘史"),
    "guardian_target": _both(r"\bguardians'? target\b|\bguardians\b[^.;]*\btotal difficulty\b",
                             r"守護者的目標|守護者[^。；]*難度合計"),
    "apostate_win": _both(r"\bapostate wins\b", r"叛教者[^。；]*翻開秘史獲勝"),
    "apostate_target": _both(r"\bapostate's target\b|\bapostate\b[^.;]*\btotal difficulty\b",
                             r"叛教者的目標|叛教者[^。；]*難度合計"),
    "seeker_win": _both(r"\bseeker's goal is checked\b|\bseeker\b[^.;]*\bchecked\b", r"求知者[^。；]*判定"),
    "seeker_goal": _both(r"\bseeker wins\b|\bseeker\b[^.;]*\bforbidden cards\b", r"求知者[^。；]*禁忌牌"),
    "spectator_win": _both(r"\b(doomsayer|cursed blood|ignorant)\b[^.;]*\bchecked\b", r"(末日論者|詛咒之血|無知者)[^。；]*判定"),
    "spectator_goals": _both(r"\b(doomsayer|cursed blood|ignorant)\b[^.;]*\b(goal|wins|if doom|covered)\b",
                             r"(末日論者|詛咒之血|無知者)[^。；]*(條件|末日指數在|被覆蓋)"),
}


def _yes_no(en_yes, zh_yes, en_no, zh_no) -> dict:
    return {True: _both(en_yes, zh_yes), False: _both(en_no, zh_no)}


MEANS = {
    "profession_choice.reveal": {"together": _both(r"same time|together", r"同時"),
                                 "in_turn": _both(r"one after another|in turn order", r"輪流|依序")},
    "sanity_start.above_limit": {False: _both(r"never goes above", r"不會超過"),
                                 True: _both(r"may go above", r"可以超過")},
    "first_player.choose": {"random": _both(r"random", r"隨機"), "youngest": _both(r"youngest", r"年紀最小")},
    "turn_order.next": {"left": _both(r"\bleft\b|(?<!counter-)(?<!anti-)clockwise", r"左|(?<!逆)順時針"),
                        "right": _both(r"\bright\b|counter-?clockwise|anti-?clockwise", r"右|逆時針")},
    "resolve_cases.per_turn": {"unlimited": _both(r"as many|any number", r"任意"),
                               "one": _both(r"\bsingle\b|only one", r"僅僅一張|只能一張")},
    "resolve_cases.after_solving": {"stop": _both(r"no more", r"不能再"),
                                    "go_on": _both(r"go on|keep on", r"仍可繼續")},
    "resolve_showing.hold_back": {False: _both(r"may not hold|no holding", r"不能故意少展示"),
                                  True: _both(r"may stop", r"隨時可以停止")},
    "shown_cards.return_to": {"hand": _both(r"\bhand\b", r"手上"), "discard": _both(r"discard", r"棄")},
    "pass_case.required": {True: _both(r"\bmust\b|required", r"必須"), False: _both(r"may choose|optional", r"是否|可選")},
    "pass_case.direction": {"either": _both(r"either way|as you choose", r"任選|由你決定"),
                            "left": _both(r"(?<!counter-)(?<!anti-)clockwise|to your left", r"(?<!逆)順時針|左手邊"),
                            "right": _both(r"counter-?clockwise|anti-?clockwise|to your right", r"逆時針|右手邊")},
    "take_case.may_refuse": {True: _both(r"may take it, or refuse|pass it on", r"可以收下|往下傳"),
                             False: _both(r"may not refuse|cannot refuse", r"不能拒絕")},
    "take_case.at_zero_sanity": {False: _both(r"cannot take", r"也不能收下"), True: _both(r"may still take", r"仍可收下")},
    "untaken_case.then": {"discard": _both(r"\bdiscard", r"棄"), "return": _both(r"back into your hand", r"收回")},
    "passing_hints.allowed": {False: _both(r"\bnever\b|must not", r"不可"), True: _both(r"may freely say", r"可以直接說出")},
    "case_arrangement.rearrange": {True: _both(r"may arrange", r"隨意調整"), False: _both(r"may not move", r"不能移動")},
    "case_arrangement.notes": {False: _both(r"no marks", r"不能做記號"), True: _both(r"write it down", r"寫下來")},
    "once_a_round.uses": {"between_your_turns": _both(r"start of your next", r"下一個回合開始"),
                          "own_turn_only": _both(r"only on your own turn", r"只能在自己的回合")},
    "claim_victory.who": {"guardian_or_apostate": _both(r"apostate", r"叛教者"),
                          "anyone": _both(r"any player|anyone", r"每位玩家|任何玩家")},
    "monster.success": {"force_reaches_difficulty": _both(r"reaches|≥", r"達到|≥"),
                        "force_exceeds_difficulty": _both(r"exceeds|(?<![≥])>", r"超過|(?<![≥])>")},
    "monster.failure_sanity": {"difficulty_minus_force": _both(r"difference|−", r"−|減"),
                               "difficulty": _both(r"full difficulty", r"與難度相同")},
    "mystery.success": {"keep_solved": _both(r"solved mystery", r"留在你面前"), "discard_solved": _both(r"score", r"記下")},
    "forbidden_shown.who": {"holder": _both(r"holder", r"持有者"), "active": _both(r"active player", r"回合玩家")},
    "forbidden_shown.discarding_counts": {False: _both(r"does not count", r"不算"), True: _both(r"counts as showing it too", r"也算")},
    "resolve_cards.played": {"after_turn_up": _both(r"once the case is turned up|after", r"之後"),
                             "before_turn_up": _both(r"before", r"之前")},
    "resolve_cards.own_symbol": {False: _both(r"not its symbol", r"不算[^，。]*符號"), True: _both(r"as well as", r"都計入")},
    "solved_mysteries.face": {"up": _both(r"face up", r"正面朝上"), "down": _both(r"face down", r"背面朝上")},
    "solved_mysteries.counts_as_case": {False: _both(r"no longer a case", r"不再是案件"),
                                        True: _both(r"still counts", r"仍算")},
    "sanity_zero.own_turn": {"pass_only": _both(r"only pass", r"只能傳遞"), "ends": _both(r"ends at once", r"立即結束")},
    "sanity_zero_effects.use_effects": {False: _both(r"cannot use", r"不能使用"), True: _both(r"may still use", r"仍可使用")},
    "sanity_zero_effects.touched": {False: _both(r"no effect", r"影響不到"), True: _both(r"still touch", r"照樣影響")},
    "sanity_zero_resolving.turned_up_case": {"discarded_with_the_rest": _both(r"nothing more", r"不再另計"),
                                             "discarded_and_fails": _both(r"also fails", r"也算失敗"),
                                             "still_resolved": _both(r"still resolved", r"照常結算")},
    "sanity_zero_end_phase.end_phase": {"played": _both(r"still play", r"照常"), "skipped": _both(r"skip", r"跳過")},
    "recovery.cover_old": {True: _both(r"laid over", r"蓋在"), False: _both(r"in place of", r"取代")},
    "recovery.sanity": {"limit": _both(r"\blimit\b", r"上限"), "start": _both(r"starting value", r"起始值")},
    "lasting_ability.works": {"once_covered": _both(r"covers it", r"蓋住"), "at_once": _both(r"from the moment", r"拿到")},
    "profession_pile_empty.none_left": {"keep_current": _both(r"keeps", r"保留"),
                                        "lose_profession": _both(r"without a profession", r"就沒有職業")},
    "discard_pile.face": {"up": _both(r"face up", r"正面朝上"), "down": _both(r"face down", r"背面朝上")},
    "discard_pile.pile": {"shared": _both(r"shared", r"共用"), "own": _both(r"owner's own", r"各自")},
    "empty_deck.none_left": {"skip_draw": _both(r"skipped", r"不抽"), "game_ends": _both(r"game ends", r"遊戲結束")},
    "no_case_to_pass.then": {"skip": _both(r"that turn", r"這回合"), "doom": _both(r"doom rises", r"末日指數")},
    "case_limit_moves.applies": {"every_move": _both(r"however a case moves", r"任何移動"),
                                 "taking_only": _both(r"only when a player takes", r"只限制接收")},
    "card_rulings.symbol_abilities": {"per_symbol": _both(r"each symbol", r"每個符號"),
                                      "per_card": _both(r"one symbol per card", r"只改變一個符號")},
    "card_rulings.drawn_while_resolving": {"must_show": _both(r"must be shown", r"必須展示"),
                                           "may_keep": _both(r"kept back", r"可以不展示")},
    "card_rulings.shown_then_played": {"allowed": _both(r"may still be played", r"仍可打出"),
                                       "not_allowed": _both(r"may not be played", r"不能打出")},
    "card_rulings.any_time": {"any_turn": _both(r"anyone's turn", r"任何人的回合"),
                              "own_turn": _both(r"only on your own turn", r"只能在自己的回合")},
    "card_targets.targets": {"one_player": _both(r"picks out that one player", r"單獨挑出"),
                             "every_touched": _both(r"in any way", r"任何方式")},
    "card_texts.source": {"this_edition": _both(r"this edition's own design", r"本版自己的設計"),
                          "original": _both(r"the original's", r"原作的內容")},
    "claim_check.named_guardians": {"reveal": _both(r"reveals their secret", r"翻開秘史"),
                                    "say_only": _both(r"only says so", r"只需表明")},
    "claim_check.revealed": {"face_up": _both(r"stays face up", r"正面朝上"), "face_down": _both(r"back face down", r"翻回背面")},
    "heretic_win.when": {"at_once": _both(r"at once|immediately", r"立即|立刻"), "end_of_turn": _both(r"end of", r"回合結束")},
    "guardian_claim.allies": {"every_named_is_guardian": _both(r"every player named", r"都是守護者"),
                              "one_named_is_guardian": _both(r"at least one", r"至少")},
    "guardian_claim.wrong_ally_reveals": {False: _both(r"without revealing", r"不必翻開"),
                                          True: _both(r"^reveals", r"必須翻開")},
    "guardian_claim.failure_doom": {"half_left_rounded_up": _both(r"rounded up|round up", r"無條件進位"),
                                    "half_left_rounded_down": _both(r"rounded down|round down", r"無條件捨去")},
    "guardian_claim.winners": {"every_guardian": _both(r"all the guardians|every guardian", r"所有守護者"),
                               "claimant_and_named": _both(r"claimant and the allies", r"只有宣告者與被指認者")},
    "apostate_win.when": {"at_once": _both(r"the moment|at once", r"立即"), "end_of_turn": _both(r"end of their turn", r"回合結束時")},
    "apostate_win.counts": {"own_solved": _both(r"their own solved", r"自己面前"), "team_solved": _both(r"whole table", r"全桌")},
    "seeker_win.when": {"end_of_turn_after_discard": _both(r"end of the seeker's own turn", r"回合結束"),
                        "any_time": _both(r"any moment", r"任何時候")},
    "spectator_win.when": {"another_wins_but_heretic": _both(r"other than the heretic", r"異教徒以外"),
                           "any_win": _both(r"heretic included", r"包括異教徒")},
    "spectator_win.ends_game": {False: _both(r"cannot end", r"不能提早"), True: _both(r"goal ends the game", r"就結束遊戲")},
}

# the pieces that print rules besides the booklet: the player aids, and the family secrets whose
# cards state the guardians' claim and the heretic's win
PLACES = {
    "deck:secrets": ["claim_victory", "guardian_claim", "guardian_target", "heretic_win"],
    # the aids keep to the essentials (printed at 7.5 pt or more): claiming victory is on the secrets, the
    # case corner on every action card, recovery on the sanity card, the rest in the booklet
    "doomsday-files/aid-turn": ["draw_phase", "resolve_cases", "pass_case", "take_case", "untaken_case",
                                "passing_hints", "end_phase", "turn_order"],
    "doomsday-files/aid-resolve": ["resolve_showing", "symbols", "forbidden_symbols", "monster", "mystery",
                                   "forbidden_shown", "sanity_zero", "sanity_zero_resolving"],
}


def phrasing(game):
    return {"about": ABOUT, "means": MEANS, "places": PLACES}
