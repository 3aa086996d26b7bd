"""Clue: how its rules are worded, for `pnp check` (pnp.rules.phrasing).

- ABOUT: rule → {lang: a regular expression for a sentence about that rule}. A sentence that matches
  and carries one of the rule's parameter words (or, for a rule with a number, a number) restates the
  rule in its own words: it must print the rule through its phrase instead.
- MEANS: parameter (or `rule.param`) → value → {lang: a regular expression its words must match, and
  the words of every other value must not}: a reversed direction, first player, outcome or yes/no that
  the words of phrases.<lang>.yaml would hide is a finding.
- PLACES: where else a rule must be printed (a layout, or `deck:<component>`) besides the booklet.
"""
from __future__ import annotations


def _both(en: str, zh: str) -> dict:
    return {"en": en, "zh-TW": zh}


ABOUT = {
    # setup
    "players": _both(r"\bplayed by\b|\bfor\b[^.;]*\bplayers\b|number of players", r"遊戲人數|人數為"),
    "suspect_choice": _both(r"\beach player takes\b|\bstart square is nearest\b|\bsuspect they like\b",
                            r"每位玩家扮演|起始格離自己|自己想扮演"),
    "envelope": _both(r"\benvelope\b", r"文件袋"),
    "dealer": _both(r"\bdeal(?:s|er|ing)?\b", r"發牌"),
    "deal": _both(r"\bdeal(?:s|t|ing)?\b", r"發牌|發完"),
    "pawns": _both(r"\bnobody plays\b|\bno one plays\b|\bunplayed\b", r"沒有人扮演|無人扮演"),
    "weapons": _both(r"\bweapon tokens?\b|\bweapons?\b[^.;]*\brooms?\b", r"武器代表物"),
    "weapon_rooms": _both(r"\bpick the rooms\b|\bturn them up\b", r"挑房間|逐張翻開"),
    "first_player": _both(r"\bgoes first\b|\bgo first\b|\bstarts? the game\b|\bfirst (?:turn|player)\b",
                          r"起始玩家|先開始|第一個玩"),
    "first_player_absent": _both(r"\bif (?:nobody|no one) plays\b", r"沒有人扮演[^，。]*時|無人扮演[^，。]*時"),
    "turn_order": _both(r"\bplay passes\b|\bturns? pass(?:es)?\b|\btake turns\b", r"輪流"),
    "turn_move": _both(r"\bon your turn you\b|\bleave it where it stands\b", r"輪到你時|也可以不移動"),
    "suspect_tie": _both(r"\bsame suspect\b", r"同一位嫌犯"),
    # moving
    "die": _both(r"\bdie\b(?!-\d)|\bdice\b(?!/)|-sided\b", r"骰"),
    "die_cards": _both(r"\bdie cards?\b", r"骰子牌"),
    "move_count": _both(r"\bas many squares\b|\brolled\b|\bsquares? as you roll", r"點數[^。]*格|移動那麼多格"),
    "door_step": _both(r"\bthrough a door\b|\bdoor\b[^.;]*\bcounts?\b", r"穿過房門|房門[^。]*算"),
    "movement": _both(r"\bhorizontal|\bvertical|\bdiagonal", r"直向|橫向|斜向|斜走"),
    "same_square_twice": _both(r"\bsame square twice\b|\bdoubl(?:e|ing) back\b|\balready crossed\b",
                               r"同一格|回頭路|已經走過的格子"),
    "move_choice": _both(r"\bbefore you roll\b|\bonce you have rolled\b|\broll first\b", r"擲骰前|擲了骰|先擲骰"),
    "returned_cards": _both(r"\bput the cards back\b|\bcards back\b", r"把牌放回|牌背朝著"),
    "blocked_partway": _both(r"\bpartway\b|\bwhole roll\b", r"走到一半|走完全部點數|盡量往前"),
    "room_entry": _both(r"\benter(?:s|ing)? (?:a|the) room\b[^.;]*\b(?:move|stop)|\bends? your move\b",
                        r"進入房間[^。]*(?:停|移動)|停止移動"),
    "occupied_room": _both(r"\banother player['’]s pawn\b|\bother players['’] pawns\b", r"其他玩家的?代表物"),
    "same_room_twice": _both(r"\bsame room\b", r"同一個房間|同一房間"),
    "room_reentry": _both(r"\bcome back into\b|\bleave a room and\b", r"走出房間後|又走回"),
    "secret_passage": _both(r"\bsecret passages?\b|:stairs:|\bopposite corner", r"秘密通道"),
    "occupied_room_pawns": _both(r"\bclose[sd]? (?:a|the|one) room\b|\bcloses? one\b|\bclosed room\b",
                                 r"擋住房間|被擋住的房間|會擋住"),
    "corridor_pawns": _both(r"\bcorridors?\b", r"走廊"),
    "start_squares": _both(r"\bstart squares? (?:is|are|serve)\b|\bsteps? onto (?:a|any) start square\b",
                           r"起始格就和|起始格只在|走上[^。]*起始格"),
    "no_legal_move": _both(r"\bevery way out\b|\bno way out\b|\bblocked in\b", r"無路可走"),
    "moved_by_suggestion": _both(r"\bsuggestion moved your pawn\b|\bmoved (?:your|a) pawn into a room\b|"
                                 r"\bmoved into a room by\b", r"因為別人的推測被移|被移進房間"),
    "named_in_own_room": _both(r"\balready (?:in|stood in|stands in) (?:that|the|its|your) room\b", r"原本就在"),
    # suggesting
    "suggestion": _both(r"\bsuggest(?:s|ion|ions)?\b", r"推測"),
    "refute": _both(r"\brefut|\bchecks? (?:their|his|her|your) hand\b|\bshows? you\b|\bholds? none of\b",
                    r"否定|對照手牌|給你看"),
    "refuted": _both(r"\bcard is shown\b|\bshown a card\b", r"給你看牌"),
    "unrefuted": _both(r"\b(?:nobody|no one) (?:can|could) (?:show|refute)\b", r"沒有任何人能否定|無人能否定"),
    # accusing and the end
    "accuse_timing": _both(r"\baccus\w*\b[^.;]*\b(?:any point|start of your turn|before you move|straight after|right after)\b|"
                           r"\bwhen to accuse\b", r"指控可在|何時可以指控|任何時候[^。]*指控|移動之前[^。]*指控|指控[^。]*移動之前"),
    "accusations": _both(r"\baccuse\b[^.;]*\b(?:once|twice|times?)\b|\bin a game\b|\baccusations? per\b",
                         r"每局|指控[^。]*次"),
    "accuse_right": _both(r"\bsolved the case\b|\baccus\w* correctly\b|\bright accusation\b", r"破案|指控正確"),
    "accuse_wrong": _both(r"\bwrong accus|\baccused wrongly\b|\baccuse again\b|\bno longer accuse\b",
                          r"指控錯誤|再指控"),
    "wrong_accuser_pawn": _both(r"\bnearest room\b|\bother square (?:of the corridors|outside a room)\b|\ba room is nearest\b",
                                r"最近的房間|走廊的其他格子|房間外的其他格子|最近是指"),
    "wrong_accuser": _both(r"\bturns? (?:are|is) skipped\b|\bskip(?:ped|s)?\b|\btake your turns\b",
                           r"回合[^。]*跳過|跳過[^。]*回合|照常輪到回合"),
    "win": _both(r"\bwins?\b|\bwon\b|\bwinner\b", r"獲勝|贏"),
    "all_wrong": _both(r"\bevery(?:one| player) (?:has )?accused wrongly\b|\ball (?:the )?players? (?:have )?accused "
                       r"wrongly\b|\bevery player (?:is )?wrong\b", r"都指控錯誤"),
}

_NEVER = r"\bmay not\b|\bcannot\b|\bcan['’]t\b|\bnever\b"
_MAY = r"\b(?:may|can)\b(?! not)"
SUSPECTS = {"scarlet": ("Scarlet", "紅小姐"), "mustard": ("Mustard", "黃上校"), "white": ("White", "白太太"),
            "green": ("Green", "綠先生"), "peacock": ("Peacock", "藍夫人"), "plum": ("Plum", "梅教授")}

MEANS = {
    # who, where, which way round
    "suspect": {k: _both(rf"\b{en}\b", zh) for k, (en, zh) in SUSPECTS.items()},
    "direction": {"clockwise": _both(r"(?<!counter)(?<!counter-)(?<!anti)(?<!anti-)\bclockwise", r"順時針"),
                  "counterclockwise": _both(r"counter-?clockwise|anti-?clockwise", r"逆時針")},
    "starts": {"dealer_left": _both(r"\bleft\b", r"左"), "dealer_right": _both(r"\bright\b", r"右")},
    "refute.direction": {"left": _both(r"\bleft\b", r"左"), "right": _both(r"\bright\b", r"右")},
    "refute.seen_by": {"suggester": _both(r"\byou alone\b", r"只給你看"), "everyone": _both(r"\beveryone\b", r"所有人")},
    "chooser": {"refuter": _both(r"\btheir choice\b", r"由他自己選"), "suggester": _both(r"\byour choice\b", r"由你來選")},
    "envelope.seen_by": {"nobody": _both(r"\bhidden from everyone\b", r"不讓任何人看"),
                         "everyone": _both(r"\bshowing them to everyone\b", r"給所有人看")},
    "first_player_absent.then": {"next_suspect": _both(r"\bafter them\b|\bnext\b", r"之後第一位"),
                                 "youngest": _both(r"\byoungest\b", r"年紀最小")},
    "who": {"envelope_filler": _both(r"\bfilled the envelope\b", r"放牌進文件袋"), "youngest": _both(r"\byoungest\b", r"年紀最小")},
    "pick": {"nearest_start": _both(r"\bnearest\b", r"最近"), "any": _both(r"\bthey like\b", r"想扮演")},
    "unplayed": {"on_start": _both(r"\bstart squares?\b", r"起始格"), "off_board": _both(r"\boff the board\b", r"不放上圖板")},
    # moving
    "steps": {"up_to": _both(r"\bup to\b", r"最多"), "exactly": _both(r"\bexactly\b", r"正好")},
    "squares": {1: _both(r"\bone\b", r"(?<!不)算一格"), 0: _both(r"\bno\b", r"不算")},
    "diagonal": {False: _both(r"\bnever diagonal", r"不能斜"), True: _both(r"(?<!never )\bdiagonally (?:as well|too)\b", r"也可以斜")},
    "ends_move": {True: _both(r"\bends your move\b", r"立即停止移動"), False: _both(r"\bdoes not end\b", r"不必停")},
    "enter": {False: _both(_NEVER, r"不能|不可"), True: _both(_MAY, r"(?<!不)(?:可以|能)")},
    "allowed": {False: _both(_NEVER, r"不能|不可"), True: _both(_MAY, r"(?<!不)(?:可以|能)")},
    "same_square_twice.allowed": {False: _both(r"\bnever\b", r"不能兩次"), True: _both(r"\bmay step back\b", r"可以走回")},
    "blocked_partway.then": {"stop_short": _both(r"\bas far as it can\b", r"盡量往前"),
                             "stay": _both(r"\bstays where it is\b", r"留在原地")},
    "path": {"mover_chooses": _both(r"\byou choose\b", r"由你選"), "left_player": _both(r"\bon your left\b", r"左手邊")},
    "decided": {"before_roll": _both(r"\bbefore you roll\b", r"擲骰前"), "after_roll": _both(r"\broll first\b", r"先擲骰")},
    "picked_by": {"room_cards": _both(r"\broom cards\b", r"地點牌"),
                  "players_choose": _both(r"\bplayers take turns to choose\b", r"玩家輪流選")},
    "drawn": {"top_card": _both(r"\btop card\b", r"最上面那張"), "any_card": _both(r"\bany card\b", r"任選一張")},
    "returned": {"shuffled_back": _both(r"\bshuffle it back\b", r"看完放回"),
                 "kept_out": _both(r"\bkeep it out\b", r"先放一旁")},
    "way": {"backs_to_front": _both(r"\bbacks toward\b", r"牌背朝著"), "any": _both(r"\beither way\b", r"怎麼放都可以")},
    "between": {"opposite_corners": _both(r"\bopposite\b", r"對角"),
                "neighbouring_corners": _both(r"\bneighbou?ring\b|\badjacent\b", r"相鄰")},
    "instead_of_roll": {True: _both(r"\binstead of roll", r"不擲骰"), False: _both(r"\bafter rolling\b", r"擲骰移動之外")},
    "block": {"players": _both(r"\bonly other players['’] pawns\b", r"只有其他玩家"),
              "all": _both(r"\bevery other pawn\b", r"任何其他代表物")},
    "wrong_accusers_block": {False: _both(r"\bdoes not close\b", r"也不算"), True: _both(r"\bcloses one too\b", r"一樣會擋住")},
    "by_passage": {True: _both(r"\bclosed to a secret passage\b", r"秘密通道也不能"),
                   False: _both(r"\bstill leads\b", r"仍可通往")},
    "share_square": {False: _both(r"\bonly one pawn\b", r"只能站一個"), True: _both(r"\bseveral pawns\b", r"好幾個")},
    "no_legal_move.then": {"stay": _both(r"\bstays? where it is\b", r"留在原地"), "jump": _both(r"\bjump", r"跳過")},
    "counts_as_moved": {True: _both(r"\ball the same\b", r"也一樣"), False: _both(r"\bnot moved\b", r"不算被移動")},
    "may_stay_and_suggest": {True: _both(r"\bor stay\b", r"也可以留在原地"), False: _both(r"\bmust move\b", r"必須照常移動")},
    # suggesting and refuting
    "after": {"entering": _both(r"\bentered a room\b", r"進入房間後"), "anywhere": _both(r"\bwherever\b", r"不論")},
    "suggestion.room": {"own": _both(r"\bthe room your pawn is in\b|\byour room\b|\bthis room\b", r"你所在的(這個)?房間"),
                        "any": _both(r"\bany room\b", r"任何一個房間")},
    "moves_pieces": {True: _both(r"\binto your room\b", r"移進你所在的房間"), False: _both(r"\bstay where they are\b", r"留在原地不動")},
    "turn_ends": {True: _both(r"\bturn ends\b", r"回合立即結束"), False: _both(r"\bgo on with your turn\b", r"還可以繼續")},
    "may_accuse": {True: _both(r"\bmay make an accusation\b", r"可以接著指控"), False: _both(r"\bmay not accuse\b", r"不能指控")},
    # accusing and the end
    "when": {"own_turn": _both(r"\bany point\b", r"任何時候"),
             "after_suggestion": _both(r"\bonly straight after\b", r"只能在")},
    "required": {False: _both(r"\bmay move\b", r"可以移動"), True: _both(r"\bmust move\b", r"必須移動")},
    "room_reentry.allowed": {False: _both(r"\bmay not\b", r"不能"), True: _both(r"\bmay leave\b", r"(?<!不)可以")},
    "suspect_tie.then": {"nearer_first": _both(r"\bnearer\b", r"比較近"), "agree": _both(r"\bagree between them\b", r"由兩人商量")},
    "suspect_tie.even": {"die_roll": _both(r"\brolls? the die\b", r"擲[^。]*骰"), "agree": _both(r"\bagree between them\b", r"由兩人商量")},
    "others": {"nearest_free": _both(r"\bnearest one still free\b", r"最近、還沒有人扮演"),
               "agree": _both(r"\bpicks any one\b", r"任選一位")},
    "after_start": {"corridor": _both(r"\blike any other\b", r"和走廊的其他格子一樣"),
                    "begin_only": _both(r"\bonly to begin\b", r"只在開始時")},
    "start_of_turn": {True: _both(r"\bbefore you move\b", r"移動之前"), False: _both(r"\bafter you have moved\b", r"移動之後")},
    "after_unrefuted": {True: _both(r"(?<!never )\bstraight after\b", r"(?<!不能在)無人能否定的推測之後"),
                        False: _both(r"\bnever straight after\b", r"不能在無人能否定")},
    "accusations.room": {"any": _both(r"\bany room\b", r"任何一個房間"), "own": _both(r"\bonly the room\b", r"只能說")},
    "wins": {True: _both(r"\band win\b", r"(?<!不算)獲勝"), False: _both(r"\bnot win\b", r"不算獲勝")},
    "game_ends": {True: _both(r"\bgame ends\b", r"遊戲結束"), False: _both(r"\bplay on\b", r"繼續進行")},
    "can_accuse": {False: _both(r"\bno longer accuse\b", r"不能再指控"), True: _both(r"\baccuse again\b", r"還可以再指控")},
    "pawn_moves": {False: _both(r"\bno longer moves\b", r"不再自行移動"), True: _both(r"\bstill moves\b", r"照常移動")},
    "doorway": {"into_room": _both(r"\bmove it into the room\b", r"把它移進房間"), "stays": _both(r"\bstays where it is\b", r"留在原地")},
    "movable_by_suggestion": {True: _both(r"\bmay still move\b", r"仍可"), False: _both(r"\bno longer move\b", r"不能再移動")},
    "still_refutes": {True: _both(r"\bstill show\b", r"照常出示"), False: _both(r"\bno longer show\b", r"不再出示")},
    "nearest_by": {"steps": _both(r"\bsquares\b", r"格數"), "straight": _both(r"\bcrow\b", r"直線")},
    "closed_rooms": {"enter": _both(r"\beven into\b", r"也可以移進"), "skip": _both(r"\bnever goes\b", r"不能移進")},
    "corridor": {"nearest_room": _both(r"\bnearest room\b", r"最近的房間"), "stays": _both(r"\bstays there\b", r"留在那裡")},
    "takes_turns": {False: _both(r"\bskipped\b", r"跳過"), True: _both(r"\bstill take\b", r"照常輪到")},
    "by": {"first_correct_accusation": _both(r"\bfirst\b[^.;]*\bcorrect", r"最先[^。]*正確"),
           "last_one_standing": _both(r"\blast\b", r"最後")},
    "outcome": {"everyone_loses": _both(r"\b(?:nobody|no one) win|\beveryone loses\b", r"無人獲勝|沒有人獲勝"),
                "last_accuser_wins": _both(r"\blast\b[^.;]*\bwins?\b", r"最後[^。]*獲勝")},
    "reveal": {True: _both(r"\bopen the envelope\b", r"打開文件袋"), False: _both(r"\bstays closed\b", r"不再打開")},
}

# The confidential envelope sheet says how it is filled, beside how it is folded.
PLACES = {"clue/envelope": ["envelope"]}


def phrasing(game):
    return {"about": ABOUT, "means": MEANS, "places": PLACES}
