"""Criminal Poker: how its rules are told apart in print (the `phrasing` hook, see pnp.rules.phrasing).

ABOUT: for each rules.yaml entry, per language, what a sentence about that rule says — narrow enough
that the prose around the phrases (flavour, headings, worked examples) does not match, wide enough
that a sentence restating the rule does. MEANS: for each parameter whose reversal changes the game,
what the words of each value must say (and the other values' words must not). PLACES: where, besides
the rules booklet, a rule is printed: the help cards, the setup card and the evidence cards.
"""
from __future__ import annotations


def _both(en: str, zh: str) -> dict:
    return {"en": en, "zh-TW": zh}


ABOUT = {
    # who plays
    "sheriff_mode": _both(r"sheriff mode\b[^.;]*\bsuspects\b", r"警長模式.*位嫌疑犯"),
    "detective_mode": _both(r"detective mode\b[^.;]*\bsuspects\b|detective[^.;]*\b(among the suspects|is (also )?a suspect)",
                            r"偵探模式[^。；]*[–~～至到][^。；]*位嫌疑犯|偵探.*(也是|不是)嫌疑犯"),
    # setup
    "evidence_deck": _both(r"evidence deck|deck holds|cards? (go|goes) (in|into) the deck", r"證據牌庫|牌庫(放入|有|共)"),
    "deal_sheriff": _both(r"sheriff card|citizen cards?\b[^.;]*\bper suspect|sheriff mode\b[^.;]*\bcitizens?\b",
                          r"警長身分牌|警長模式.*市民"),
    "deal_detective": _both(r"detective card|shuffle[^.;]*\bdetective|detective mode\b[^.;]*\bcitizens?\b[^.;]*\bdeal",
                            r"把[^。]*偵探[^。]*洗勻|偵探模式.*市民.*發"),
    "identity_reveal": _both(r"\breveals?\b[^.;]*\b(identity|identities|their card|theirs)\b|\b(identity|identities)\b[^.;]*\breveal",
                             r"公開身分|身分[^。]*公開"),
    "special_roles": _both(r"special roles?\b[^.;]*\b(place|replace|join|reveal)|\b(mastermind|sociopath)\b[^.;]*\bplace of",
                           r"特殊角色[^。]*(取代|加入|公開)"),
    "special_limit": _both(r"special roles?\b[^.;]*\b(limit|outnumber)|outnumber", r"特殊角色[^。]*(上限|不限|多於)"),
    "setup_hand": _both(r"face down\b[^.;]*\bcentre|\bcentre cards?|draws? \d+ evidence", r"桌中央|中央的牌"),
    # a turn
    "turn_order": _both(r"\b(plays?|acts?|go(es)?) next\b|next suspect|who(ever)? (plays|acts)|turn order",
                        r"輪到(哪|誰)|行動順序|下一位行動"),
    "turns": _both(r"\bturns?\b[^.;]*\b(each|every) suspect|each suspect\b[^.;]*\bturns?\b|\bpass(es|ing)?\b[^.;]*\bturn\b"
                   r"|detective\b[^.;]*\bturn\b",
                   r"每位嫌疑犯[^。]*回合|跳過[^。]*回合|偵探[^。]*回合"),
    "turn_actions": _both(r"\bon (your|a) turn\b|\breveal (up to|at most)|\bdraw \d+ card", r"輪到你|公開(最多|其中)|抽 *\d+ *張證據[^。]*公開"),
    "deck_look": _both(r"\b(look|looks|looked) (through|at)\b[^.;]*\bdeck|\bdeck\b[^.;]*\b(share|saw)", r"查看牌庫|牌庫[^。]*分享"),
    "questioning": _both(r"\bquestion", r"問話"),
    # the arrest
    "arrest": _both(r"\bthe arrest\b[^.;]*\bmode|\bmode\b[^.;]*\b(names? one|votes? on whom)", r"逮捕[^。]*模式中|模式中[^。]*(宣告逮捕|投票決定)"),
    "vote": _both(r"\bvot(e|es|ing)\b[^.;]*\b(abstain|themselves|yourself|for the detective)|\babstain|most votes\b[^.;]*\b(arrested|cleared)",
                  r"棄票|投自己|投給偵探|得票最多的人"),
    "vote_tie": _both(r"\btie\b[^.;]*\bmost votes\b[^.;]*\b(arrest|succeeds|murderer)|tied vote\b[^.;]*\bmurderer",
                      r"同票最多[^。]*抓到兇手"),
    "revote": _both(r"vote again|voted again|revote", r"再投票|重新投票"),
    # who is the murderer
    "all_cards_count": _both(r"shown or hidden|revealed\b[^.;]*\bhidden|hidden\b[^.;]*\bcount|every card\b[^.;]*\b(holds|counts)",
                             r"公開或覆蓋|公開與否|覆蓋的牌[^。]*計入|公開的牌[^。]*計入"),
    "weapon": _both(r"murder weapon|\bweapon\b|whoever holds (it|the)\b", r"兇器|持有者"),
    "physical": _both(r"\bphysical\b", r"物證"),
    "statement": _both(r"self-statements?", r"自我陳述"),
    "witness": _both(r"\beyewitness|\baccounts?\b", r"目擊證言|證言"),
    "murderer": _both(r"innocence\b[^.;]*\bmurderer|murderer\b[^.;]*\binnocence", r"無罪等級[^。]*兇手|兇手[^。]*無罪等級"),
    "murderer_tie": _both(r"valid cards?", r"有效證據"),
    "full_tie": _both(r"still tied|co-murderers?", r"仍然?同分|並列兇手"),
    # winning
    "win_arrest": _both(r"\bwins?\b[^.;]*\barrest|\barrest(ed)?\b[^.;]*\bwins?\b", r"逮捕(到|錯)[^。]*獲勝|獲勝[^。]*逮捕"),
    # decisions of this edition
    "detective_goal": _both(r"\bdetective\b[^.;]*\b(wins?|loses?)\b|detective's goal", r"偵探[^。]*(獲勝|贏|落敗)"),
    "mastermind_goal": _both(r"\bmastermind\b[^.;]*\bwins?\b|mastermind's goal", r"幕後[^。]*(獲勝|贏)"),
    "sociopath_goal": _both(r"\bsociopath\b[^.;]*\b(wins?|loses?)\b|sociopath's goal", r"反社會份子[^。]*(獲勝|贏|輸)"),
    "co_murderers_share": _both(r"co-murderers?\b[^.;]*\b(lose|win)|\b(lose|win)\b[^.;]*co-murderers?",
                                r"並列兇手[^。]*(落敗|獲勝|勝負)"),
    "vote_tie_arrested": _both(r"\btie\b[^.;]*\barrested|tied suspects?", r"同票[^。]*逮捕"),
    "every_suspect_guilty": _both(r"every suspect\b[^.;]*\bco-murderer|all suspects\b[^.;]*\bco-murderer", r"所有嫌疑犯都並列兇手"),
    "card_mix": _both(r"\bcards of this edition|\bself-statements\b[^.;]*\bworth\b|\d+ citizen cards",
                      r"本版的牌|張自我陳述[^。]*數值|還有 *\d+ *張市民"),
    "special_announce": _both(r"which special roles", r"哪些特殊角色"),
    "end_reveal": _both(r"identity cards? face (up|down)|turns? their identity", r"翻開[^。]*身分牌|身分牌[^。]*(翻開|蓋著)"),
    "revote_limit": _both(r"\bstill ties?\b|\bties? (that way )?again", r"重投|仍然這樣同票"),
    "detective_co_murderer": _both(r"detective is a co-murderer", r"偵探是並列兇手"),
    "sociopath_co_murderer": _both(r"sociopath is a co-murderer", r"反社會份子是並列兇手"),
    "detective_pick": _both(r"detective's choice|detective (chooses|picks)\b[^.;]*\bthemsel", r"偵探選人|偵探[^。]*選自己"),
}

MEANS = {
    "detective_mode.detective": {"one_of_suspects": _both(r"one of them|among the suspects|also a suspect", r"其中一人|也是嫌疑犯"),
                                 "extra_player": _both(r"not a suspect|plus a detective", r"不是嫌疑犯|另加")},
    "others": {"all": _both(r"every other|all (the )?other", r"全部放入|全都放入"),
               "none": _both(r"\bno other|none of the other", r"不放")},
    "citizens": {"suspects": _both(r"per suspect|each suspect|every suspect", r"各拿一張|每位嫌疑犯一張"),
                 "suspects_less_one": _both(r"fewer|\bless\b|but one", r"少一")},
    "leader": {"reveals": _both(r"\breveals?\b|face up", r"(?<!不)公開"),
               "hides": _both(r"hidden|face down|secret", r"蓋著|不公開")},
    "identity_reveal.citizens": {"may_reveal_without_specials": _both(r"\bmay reveal|can reveal", r"可以公開"),
                                 "never": _both(r"\bnever\b|not reveal", r"不公開|一律不")},
    "replace": {"citizen": _both(r"place of a citizen|\breplace", r"(?<!不)取代"),
                "extra": _both(r"on top|in addition", r"另外加入|不佔")},
    "reveal": {"leader_only": _both(r"\bonly the (sheriff|investigator)", r"只有(警長|調查者)"), "everyone": _both(r"everyone reveals", r"所有人都公開")},
    "special_limit.sheriff": {"cards_only": _both(r"no limit", r"不限"),
                              "not_more_than_citizens": _both(r"outnumber|not more than", r"不可多於|不得多於")},
    "special_limit.detective": {"cards_only": _both(r"no limit", r"不限"),
                                "not_more_than_citizens": _both(r"outnumber|not more than", r"不可多於|不得多於|不要多於")},
    "show_together": {True: _both(r"at once|together|same time", r"同時|一起"),
                      False: _both(r"in turn|one by one|one after", r"依序|輪流")},
    "chosen_by": {"leader": _both(r"sheriff|detective|\bcalls?\b|\bchoos|\bdecid", r"警長|偵探|點名"),
                  "clockwise": _both(r"\bleft\b|clockwise|next seat", r"左手邊|順時針")},
    "pass_is_turn": {True: _both(r"counts as a turn", r"也算"), False: _both(r"does not|doesn't|not use", r"不算")},
    "detective_too": {True: _both(r"takes a turn too|also takes", r"也要|也進行"),
                      False: _both(r"takes no turn|does not take|never", r"不進行|不用")},
    "turn_actions.pass": {True: _both(r"\bpass", r"跳過"), False: _both(r"\bmust\b", r"一定|必須")},
    "reveal_from": {"new_or_hidden": _both(r"kept hidden|hidden one", r"先前覆蓋"), "new_only": _both(r"only the new", r"只能|新抽的那一張")},
    "when": {"all_played": _both(r"every suspect has|everyone has|all (suspects )?have", r"所有|都行動後"),
             "after_each": _both(r"after each", r"每位嫌疑犯行動後|每次")},
    "questioning.when": {"all_played": _both(r"\bnext\b|\bthen\b|every suspect has|everyone has", r"然後|接著|所有|都行動後"),
                         "after_each": _both(r"after each", r"每位嫌疑犯行動後|每次")},
    "by": {"leader": _both(r"sheriff|detective|investigator", r"警長|偵探|調查者"), "everyone": _both(r"every player|everyone", r"每位玩家|所有人")},
    "share": {"words_only": _both(r"by word|words? only|never by showing", r"口頭|不能[^。]*亮"),
              "show": _both(r"(?<!never )by showing", r"可以[^。]*亮牌")},
    "lies": {"allowed": _both(r"\blying\b[^.;]*\ballowed|\bmay lie", r"(?<!不)可以說謊"),
             "forbidden": _both(r"tell the truth|must not lie|no lying", r"不能說謊|不可說謊")},
    "suspects_speak": {True: _both(r"speak up|may speak", r"發表意見|可以發言"), False: _both(r"only answer|may not speak", r"只能回答")},
    "arrest.sheriff": {"sheriff_names_one": _both(r"names one", r"宣告"), "vote": _both(r"\bvot", r"投票")},
    "arrest.detective": {"vote": _both(r"\bvot", r"投票"), "sheriff_names_one": _both(r"names one", r"宣告")},
    "abstain": {False: _both(r"nobody may abstain|no abstain|may not abstain", r"不能棄票"),
                True: _both(r"(?<!nobody )may abstain", r"可以棄票")},
    "self": {False: _both(r"nobody may vote for themselves|no voting for yourself|not (vote )?for yourself", r"不能投自己"),
             True: _both(r"may vote for yourself", r"可以投自己")},
    "vote.detective": {"allowed": _both(r"anyone may vote for the detective|detective may be voted", r"可以投給偵探"),
                       "forbidden": _both(r"nobody may vote for the detective|not vote for the detective", r"不能投給偵探")},
    "most": {"arrested": _both(r"most votes is arrested", r"被逮捕"), "freed": _both(r"cleared|goes free", r"獲釋")},
    "succeeds_if": {"either_murderer": _both(r"\beither\b", r"其中一人"), "both_murderers": _both(r"\bboth\b", r"兩人都是")},
    "shown": {"counts": _both(r"revealed count\b|shown count", r"公開的牌要計入|公開的牌也計入"),
              "ignored": _both(r"do not count|don't count", r"不計入")},
    "hidden": {"counts": _both(r"so do|hidden count", r"(?<!不)要計入|也計入"),
               "ignored": _both(r"do not\b|don't", r"不計入")},
    "holder": {"murderer": _both(r"is the murderer", r"是兇手"), "innocent": _both(r"innocent", r"清白")},
    "physical.count": {"all": _both(r"add up|all count", r"相加|加總"), "one": _both(r"only one", r"只算")},
    "statement.count": {"highest": _both(r"highest|largest", r"最高"), "all": _both(r"add up", r"全部|相加")},
    "innocence": {"lowest": _both(r"lowest|least", r"最低"), "highest": _both(r"highest|most", r"最高")},
    "valid_cards": {"fewer": _both(r"fewer|less", r"較少|少的"), "more": _both(r"\bmore\b|\bmost\b", r"較多|多的")},
    "outcome": {"co_murderers": _both(r"all of them are co-murderers|are all co-murderers", r"都是並列兇手"),
                "nobody": _both(r"none of them is|no murderer", r"都不是|沒有兇手")},
    "arrest_any": {"caught": _both(r"any one of them catches", r"(?<!不)算抓到"),
                   "missed": _both(r"does not count as catching|doesn't count", r"不算抓到")},
    "murderer_caught": {"leader_and_citizens": _both(r"(sheriff|investigator)\b[^.;]*\bcitizens win", r"(警長|調查者)[^。]*市民一起獲勝"),
                        "citizens": _both(r"only the citizens", r"只有市民")},
    "wrong_arrest": {"murderer": _both(r"murderer wins", r"兇手獲勝"), "nobody": _both(r"nobody wins|no one wins", r"沒有人獲勝")},
    "wins_with": {"citizens": _both(r"with the citizens", r"與市民"), "alone": _both(r"\balone\b", r"單獨")},
    "as_murderer": {"escape": _both(r"by escaping", r"逃過"), "loses": _both(r"detective loses", r"落敗")},
    "wins_when": {"arrested_not_murderer": _both(r"catches no murderer|is not a murderer", r"沒抓到兇手|不是兇手"),
                  "arrested": _both(r"being the one arrested|only by being arrested", r"自己被逮捕")},
    "as_murderer_escaping": {"loses": _both(r"escapes loses", r"算輸"), "wins": _both(r"escapes wins", r"算贏")},
    "caught": {"all_lose": _both(r"all of them lose", r"全部落敗"), "only_arrested_loses": _both(r"only the arrested", r"只有被逮捕")},
    "escaped": {"all_win": _both(r"all of them win", r"全部獲勝"), "none_win": _both(r"none of them wins", r"都不算獲勝")},
    "arrested": {"both": _both(r"both tied suspects count", r"都視為"), "neither": _both(r"neither", r"都不算")},
    "roles": {"announced": _both(r"chooses? together|everyone knows", r"一起決定|人人都知道"),
              "secret": _both(r"\bunseen\b|secretly|nobody knows", r"暗中|沒有人知道")},
    "identities": {"shown": _both(r"face up", r"翻開"), "hidden": _both(r"face down", r"蓋著")},
    "then": {"detective_picks": _both(r"detective arrests|detective (chooses|picks)", r"偵探[^。]*(選|逮捕)"),
             "nobody": _both(r"nobody is arrested", r"沒有人被逮捕")},
    "other_arrested": {"loses": _both(r"\bloss\b|\bloses?\b", r"落敗"), "wins": _both(r"still wins", r"仍然獲勝")},
    "when_arrested": {"wins": _both(r"\bwins\b", r"獲勝"), "loses": _both(r"\bloses\b", r"落敗")},
    "own_seat": {"excluded": _both(r"never themselves|not themselves", r"不能選自己"),
                 "allowed": _both(r"may be themselves", r"也可以選自己")},
    "every_suspect_guilty.arrest": {"caught": _both(r"any arrest catches", r"都算抓到"),
                                    "missed": _both(r"no arrest counts", r"都不算抓到")},
}

# where a rule is printed besides the rules booklet (each place must print all of its rules)
PLACES = {
    "deck:help": ["setup_hand", "turn_order", "turn_actions", "deck_look", "questioning", "arrest",
                  "all_cards_count", "weapon", "physical", "statement", "witness", "murderer", "murderer_tie",
                  "full_tie"],
    "deck:setup": ["evidence_deck", "deal_sheriff", "deal_detective", "identity_reveal", "special_roles",
                   "special_limit", "special_announce", "vote", "vote_tie", "revote", "vote_tie_arrested",
                   "revote_limit", "detective_pick"],
    "criminal-poker/evidence": ["physical", "statement", "witness", "weapon"],
    "deck:identities": ["win_arrest", "detective_goal", "mastermind_goal", "sociopath_goal", "detective_co_murderer",
                        "sociopath_co_murderer"],
}


def phrasing(game):
    return {"about": ABOUT, "means": MEANS, "places": PLACES}
