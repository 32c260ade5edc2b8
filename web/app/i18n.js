// All UI strings of the site in three languages, and helpers to pick engine texts.
// Engine texts arrive as {en, "zh-Hant", "zh-Hans"} objects: pick(text) chooses by the UI language.

export const LANGS = ["en", "zh-Hant", "zh-Hans"];
export const LANG_NAMES = { en: "English", "zh-Hant": "繁體中文", "zh-Hans": "简体中文" };
const KEY = "pgc.lang";

const S = {
  en: {
    let_play: "Let {names} play",
    site_title: "Civilization Board Games",
    site_sub: "Civilization board games, played in your browser — fully offline.",
    playable_now: "Playable now: {games}.",
    old_title: "Saved with an older version of the site",
    old_other_build:
      "This game was saved by another version of the site, whose rules differ from this one's.",
    old_version:
      "This game was saved with an older version of the site (version {old}; this is {now}). The rules have changed since.",
    old_stale:
      "Every move still works under the current rules, but the game now stands differently. Continue it under the current rules?",
    old_broken:
      "Move {n} of this game is not possible under the current rules. Continue from just before that move (after {k} moves)?",
    old_accept: "Continue under the current rules",
    old_kept: "Until you continue, the saved game stays exactly as it was, and you can export it as it is.",
    old_accepted:
      "The game now follows the current rules. The original save is kept: export it from the home page until you delete it.",
    saved_old: "Saved with an older version of the site: open it to continue under the current rules.",
    export_original: "Export original",
    original_title: "Original save (older version)",
    changed_title: "This save was changed or damaged",
    changed_why:
      "This game was saved by this version of the site, but the save no longer matches the game it records: it was changed or damaged after it was saved.",
    changed_stale:
      "Every move can still be played, but the game does not end where the save says. Continue from the moves as they are?",
    changed_broken:
      "Move {n} of this save cannot be played. Continue from just before that move (after {k} moves)?",
    changed_accept: "Continue the game",
    saved_changed:
      "This save was changed or damaged: open it to continue from before the first move that does not fit.",
    original_changed_title: "Original save (changed or damaged)",
    build_title: "Saved by another build of the site",
    saved_build: "Saved by another build of the site: open it to continue under the current rules.",
    original_of: "Kept when the game was continued under the current rules.",
    import_too_big: "This file is too large to be a save ({size}; saves are at most {limit}).",
    import_bad_seat: "this save names a seat kind this site does not know ({kind}; known: {kinds})",
    rules_why: "Why?",
    rematch: "Rematch",
    tiebreak_h: "Tie-break",
    projected: "If the game ended now",
    projected_total: "Total",
    can_act_now: "{names} can act now.",
    hand_to: "Hand the device to {name}",
    hand_back: "Done: hand the device back",
    out_of_turn: "You may act now, though it is not your turn:",
    show_all: "Show all {n}",
    more_actions: "More actions ({n})",
    lang: "Language",
    loading: "Loading…",
    new_game: "New game",
    game: "Game",
    players: "Players",
    seats: "Seats",
    seat_n: "Seat {n}",
    player_n: "Player {n}",
    seat_kind: "Who plays seat {n}",
    seat_name: "Name of seat {n}",
    human: "Human",
    bot_random: "Bot (random)",
    bot_heuristic: "Bot: easy",
    bot_normal: "Bot: normal",
    bot_hard: "Bot: hard",
    bot: "Bot",
    options: "Options",
    seed: "Seed",
    seed_help: "Same seed and actions give the same game.",
    reroll: "New random seed",
    start: "Start game",
    saved_games: "Saved games",
    no_saves: "No saved games yet. Start a new game above.",
    resume: "Resume",
    delete: "Delete",
    export: "Export",
    export_raw: "Export raw",
    import: "Import a save file",
    import_help: "Load a game exported from this site (a .json file).",
    imported: "Game imported.",
    import_failed: "Could not import this file: {reason}",
    confirm_delete: "Delete this saved game? This cannot be undone.",
    deleted: "Saved game deleted.",
    damaged: "This save is damaged: {reason}",
    checking: "Checking…",
    last_played: "Last played",
    colon: ": ",
    not_json: "it is not valid JSON",
    progress: "Progress",
    actions_n: "{n} actions",
    game_over_short: "Game over",
    in_progress: "In progress",
    unknown_game: "Unknown game",
    test_game: "test game",
    framed_title: "This page cannot be shown inside another site.",
    framed_open: "Open it in its own tab",
    coming_soon: "More games are coming.",
    yes: "Yes",
    no: "No",
    home: "Home",
    back_home: "Back to the home page",
    undo: "Undo",
    help: "Help",
    close: "Close",
    card_details: "Details: {name}",
    bid_sealed: "Sealed: the others see only that you have answered, not what.",
    bid_open: "In the open: everyone sees what you answer.",
    bot_speed: "Bot speed",
    speed_slow: "Slow",
    speed_normal: "Normal",
    speed_fast: "Instant",
    your_turn: "Your turn, {name}.",
    waiting_for: "Waiting for {names}.",
    bot_thinking: "{name} is thinking…",
    bot_did: "{name}: {label}",
    bot_decide: "Let the bot decide for {name}",
    hint: "Hint",
    hint_ask: "What would a strong player do?",
    hint_thinking: "Thinking it through for a few seconds…",
    hint_rate: "{p}% wins in {n} games",
    hint_rate_one: "{p}% wins in 1 game",
    hint_note:
      "Estimated from {n} simulated games, using only what you can see; a rate from few games counts for less. The moves are marked on the board.",
    hint_failed: "No hint now: {reason}",
    hint_move: "Suggestion {n}",
    you_did: "{name}: {label}",
    pass_title: "Pass the device",
    pass_to: "Pass to {name}",
    pass_hint: "Only {name} should look at the screen now.",
    pass_continue: "I am {name} — show my board",
    legal_actions: "Your actions",
    no_actions: "Nothing to do right now.",
    choices_for: "Choices for {what}",
    clear_selection: "Clear selection",
    pending_h: "Waiting for answers",
    pending_answered: "answered: {names}",
    event_log: "Event log",
    status: "Status",
    scores: "Scores",
    game_over: "Game over",
    winner: "Winner",
    winners: "Winners",
    no_winner: "No winner",
    total: "Total",
    rank: "Rank",
    player: "Player",
    play_again: "New game",
    view_board: "View the board",
    export_game: "Export this game",
    storage_full:
      "Storage is full: this game is not saved any more. Export or delete old games (home page). You can keep playing.",
    error: "Error",
    bad_url: "This page address is not valid: {reason}",
    no_save_found: "There is no saved game with id {id} in this browser.",
    engine_error: "The engine refused: {reason}",
    group_other: "Other actions",
    shortcuts: "Keyboard shortcuts",
    sc_undo: "Undo your last action",
    sc_help: "Show this help",
    sc_actions: "Jump to your actions",
    sc_escape: "Clear the selection / close dialogs",
    sc_skip: "Bots act at once (skip the delay)",
    sc_hint: "What would a strong player do? (a hint)",
    sc_tab: "Move between controls; Enter or Space activates",
    help_board:
      "Click a highlighted part of the board to act on it, or use the action list. Everything you may do right now is listed under “Your actions”.",
    embed_prev: "Previous",
    embed_next: "Next",
    embed_first: "First",
    embed_last: "Last",
    step_of: "Step {n} of {total}",
    open_full: "Open in full page",
    all_bots: "All seats are bots: watching.",
    skip: "Skip",
    none: "none",
    boot_wait: "Starting the game engine…",
    started_new: "New game started.",
    resumed: "Game resumed.",
    nothing_to_undo: "Nothing to undo.",
    help_title: "How to play here",
    rules_of: "Rules of {game}",
    rules_read: "Read the rules",
    help_rules: "The full rules of this game",
    new_tab: "(opens in a new tab)",
    undo_confirm_one: "Undo also takes back the move {names} made after yours. Undo anyway?",
    undo_confirm_many: "Undo also takes back the {n} moves {names} made after yours. Undo anyway?",
    skip_to_game: "Skip to the game",
    to_move_list: "To move: {names}",
    update_ready: "A new version of the site is ready (your games are kept).",
    reload: "Reload",
  },
  "zh-Hant": {
    let_play: "讓 {names} 行動",
    site_title: "文明桌遊",
    site_sub: "文明主題桌遊，在瀏覽器中遊玩——完全離線。",
    playable_now: "現在可玩：{games}。",
    old_title: "以舊版網站存檔",
    old_other_build: "此遊戲由另一個版本的網站存檔，其規則與本版不同。",
    old_version: "此遊戲以舊版網站存檔（版本 {old}；目前為 {now}）。規則在那之後有所改變。",
    old_stale: "所有行動在目前規則下仍然有效，但局面已有所不同。要依目前規則繼續嗎？",
    old_broken: "此遊戲的第 {n} 個行動在目前規則下無法進行。要從該行動之前（第 {k} 個行動後）繼續嗎？",
    old_accept: "依目前規則繼續",
    old_kept: "在你繼續之前，存檔保持原樣，你也可以原樣匯出。",
    old_accepted: "遊戲現在依目前規則進行。原始存檔會保留：在刪除之前，可從首頁匯出。",
    saved_old: "以舊版網站存檔：開啟後可依目前規則繼續。",
    export_original: "匯出原始存檔",
    original_title: "原始存檔（舊版）",
    changed_title: "此存檔已被更改或損壞",
    changed_why: "此遊戲以本版網站存檔，但存檔已與其記錄的遊戲不符：存檔後曾被更改或損壞。",
    changed_stale: "所有行動仍可進行，但遊戲的結果與存檔記錄的不同。要依現有的行動繼續嗎？",
    changed_broken: "此存檔的第 {n} 個行動無法進行。要從該行動之前（第 {k} 個行動後）繼續嗎？",
    changed_accept: "繼續遊戲",
    saved_changed: "此存檔已被更改或損壞：開啟後可從第一個不符的行動之前繼續。",
    original_changed_title: "原始存檔（已更改或損壞）",
    build_title: "由另一個版本的網站存檔",
    saved_build: "由另一個版本的網站存檔：開啟後可依目前規則繼續。",
    original_of: "依目前規則繼續遊戲時保留。",
    import_too_big: "此檔案太大，不可能是存檔（{size}；存檔最多 {limit}）。",
    import_bad_seat: "此存檔含有本網站不認識的座位類型（{kind}；已知：{kinds}）",
    rules_why: "為什麼？",
    rematch: "再來一局",
    tiebreak_h: "平手判定",
    projected: "若遊戲現在結束",
    projected_total: "總分",
    can_act_now: "{names} 現在可以行動。",
    hand_to: "把裝置交給 {name}",
    hand_back: "完成：把裝置交回",
    out_of_turn: "雖然不是你的回合，你現在可以：",
    show_all: "顯示全部 {n} 項",
    more_actions: "更多行動（{n}）",
    lang: "語言",
    loading: "載入中…",
    new_game: "新遊戲",
    game: "遊戲",
    players: "玩家人數",
    seats: "座位",
    seat_n: "座位 {n}",
    player_n: "玩家{n}",
    seat_kind: "座位 {n} 由誰操作",
    seat_name: "座位 {n} 的名稱",
    human: "真人",
    bot_random: "電腦（隨機）",
    bot_heuristic: "電腦：簡單",
    bot_normal: "電腦：普通",
    bot_hard: "電腦：困難",
    bot: "電腦",
    options: "選項",
    seed: "亂數種子",
    seed_help: "相同的種子與行動會得到相同的遊戲。",
    reroll: "隨機新種子",
    start: "開始遊戲",
    saved_games: "已存遊戲",
    no_saves: "尚無已存遊戲。請在上方開始新遊戲。",
    resume: "繼續",
    delete: "刪除",
    export: "匯出",
    export_raw: "匯出原始資料",
    import: "匯入存檔",
    import_help: "載入從本網站匯出的遊戲（.json 檔）。",
    imported: "已匯入遊戲。",
    import_failed: "無法匯入此檔案：{reason}",
    confirm_delete: "確定刪除此已存遊戲？此操作無法復原。",
    deleted: "已刪除存檔。",
    damaged: "此存檔已損壞：{reason}",
    checking: "檢查中…",
    last_played: "最後遊玩",
    colon: "：",
    not_json: "內容不是有效的 JSON",
    progress: "進度",
    actions_n: "{n} 個行動",
    game_over_short: "已結束",
    in_progress: "進行中",
    unknown_game: "未知遊戲",
    test_game: "測試遊戲",
    framed_title: "此頁面不能顯示在其他網站中。",
    framed_open: "在新分頁中開啟",
    coming_soon: "更多遊戲即將推出。",
    yes: "是",
    no: "否",
    home: "首頁",
    back_home: "返回首頁",
    undo: "悔棋",
    help: "說明",
    close: "關閉",
    card_details: "詳情：{name}",
    bid_sealed: "秘密：其他玩家只看到你已作答，看不到內容。",
    bid_open: "公開：所有人都看得到你的回答。",
    bot_speed: "電腦速度",
    speed_slow: "慢",
    speed_normal: "一般",
    speed_fast: "立即",
    your_turn: "輪到你了，{name}。",
    waiting_for: "等待 {names}。",
    bot_thinking: "{name} 思考中…",
    bot_did: "{name}：{label}",
    bot_decide: "讓電腦替{name}決定",
    hint: "提示",
    hint_ask: "高手會怎麼下？",
    hint_thinking: "思考幾秒鐘…",
    hint_rate: "勝率 {p}%（{n} 局）",
    hint_rate_one: "勝率 {p}%（1 局）",
    hint_note:
      "由 {n} 局模擬估算，只用你看得到的資訊；局數少的勝率較不可靠，排得較後。這些行動已在盤面上標出。",
    hint_failed: "目前無法提示：{reason}",
    hint_move: "建議 {n}",
    you_did: "{name}：{label}",
    pass_title: "傳遞裝置",
    pass_to: "請交給 {name}",
    pass_hint: "現在只有 {name} 可以看螢幕。",
    pass_continue: "我是 {name}——顯示我的版圖",
    legal_actions: "你的行動",
    no_actions: "現在沒有可做的事。",
    choices_for: "{what} 的選項",
    clear_selection: "取消選取",
    pending_h: "等待回應",
    pending_answered: "已回應：{names}",
    event_log: "事件紀錄",
    status: "狀態",
    scores: "分數",
    game_over: "遊戲結束",
    winner: "勝者",
    winners: "勝者",
    no_winner: "沒有勝者",
    total: "總分",
    rank: "名次",
    player: "玩家",
    play_again: "新遊戲",
    view_board: "查看版圖",
    export_game: "匯出此遊戲",
    storage_full: "儲存空間已滿：此遊戲將不再存檔。請在首頁匯出或刪除舊遊戲。你可以繼續遊玩。",
    error: "錯誤",
    bad_url: "此頁面網址無效：{reason}",
    no_save_found: "此瀏覽器中沒有編號為 {id} 的存檔。",
    engine_error: "引擎拒絕：{reason}",
    group_other: "其他行動",
    shortcuts: "鍵盤快捷鍵",
    sc_undo: "悔棋（復原你的上一個行動）",
    sc_help: "顯示此說明",
    sc_actions: "跳到你的行動",
    sc_escape: "取消選取／關閉對話框",
    sc_skip: "電腦立即行動（跳過等待）",
    sc_hint: "高手會怎麼下？（提示）",
    sc_tab: "在控制項之間移動；按 Enter 或空白鍵執行",
    help_board: "點選版圖上亮起的部分來操作，或使用行動清單。你現在能做的一切都列在「你的行動」中。",
    embed_prev: "上一步",
    embed_next: "下一步",
    embed_first: "最前",
    embed_last: "最後",
    step_of: "第 {n} / {total} 步",
    open_full: "以完整頁面開啟",
    all_bots: "所有座位都是電腦：觀戰中。",
    skip: "跳過",
    none: "無",
    boot_wait: "正在啟動遊戲引擎…",
    started_new: "新遊戲開始。",
    resumed: "已繼續遊戲。",
    nothing_to_undo: "沒有可悔的棋。",
    help_title: "操作說明",
    rules_of: "{game} 規則",
    rules_read: "閱讀規則",
    help_rules: "本遊戲的完整規則",
    new_tab: "（在新分頁開啟）",
    undo_confirm_one: "悔棋也會收回 {names} 在你之後下的 1 步。仍要悔棋嗎？",
    undo_confirm_many: "悔棋也會收回 {names} 在你之後下的 {n} 步。仍要悔棋嗎？",
    skip_to_game: "跳到遊戲",
    to_move_list: "輪到：{names}",
    update_ready: "網站有新版本（你的遊戲會保留）。",
    reload: "重新載入",
  },
  "zh-Hans": {
    let_play: "让 {names} 行动",
    site_title: "文明桌游",
    site_sub: "文明主题桌游，在浏览器中游玩——完全离线。",
    playable_now: "现在可玩：{games}。",
    old_title: "以旧版网站存档",
    old_other_build: "此游戏由另一个版本的网站存档，其规则与本版不同。",
    old_version: "此游戏以旧版网站存档（版本 {old}；目前为 {now}）。规则在那之后有所改变。",
    old_stale: "所有行动在目前规则下仍然有效，但局面已有所不同。要按目前规则继续吗？",
    old_broken: "此游戏的第 {n} 个行动在目前规则下无法进行。要从该行动之前（第 {k} 个行动后）继续吗？",
    old_accept: "按目前规则继续",
    old_kept: "在你继续之前，存档保持原样，你也可以原样导出。",
    old_accepted: "游戏现在按目前规则进行。原始存档会保留：在删除之前，可从首页导出。",
    saved_old: "以旧版网站存档：打开后可按目前规则继续。",
    export_original: "导出原始存档",
    original_title: "原始存档（旧版）",
    changed_title: "此存档已被更改或损坏",
    changed_why: "此游戏以本版网站存档，但存档已与其记录的游戏不符：存档后曾被更改或损坏。",
    changed_stale: "所有行动仍可进行，但游戏的结果与存档记录的不同。要按现有的行动继续吗？",
    changed_broken: "此存档的第 {n} 个行动无法进行。要从该行动之前（第 {k} 个行动后）继续吗？",
    changed_accept: "继续游戏",
    saved_changed: "此存档已被更改或损坏：打开后可从第一个不符的行动之前继续。",
    original_changed_title: "原始存档（已更改或损坏）",
    build_title: "由另一个版本的网站存档",
    saved_build: "由另一个版本的网站存档：打开后可按目前规则继续。",
    original_of: "按目前规则继续游戏时保留。",
    import_too_big: "此文件太大，不可能是存档（{size}；存档最多 {limit}）。",
    import_bad_seat: "此存档含有本网站不认识的座位类型（{kind}；已知：{kinds}）",
    rules_why: "为什么？",
    rematch: "再来一局",
    tiebreak_h: "平局判定",
    projected: "若游戏现在结束",
    projected_total: "总分",
    can_act_now: "{names} 现在可以行动。",
    hand_to: "把设备交给 {name}",
    hand_back: "完成：把设备交回",
    out_of_turn: "虽然不是你的回合，你现在可以：",
    show_all: "显示全部 {n} 项",
    more_actions: "更多行动（{n}）",
    lang: "语言",
    loading: "载入中…",
    new_game: "新游戏",
    game: "游戏",
    players: "玩家人数",
    seats: "座位",
    seat_n: "座位 {n}",
    player_n: "玩家{n}",
    seat_kind: "座位 {n} 由谁操作",
    seat_name: "座位 {n} 的名称",
    human: "真人",
    bot_random: "电脑（随机）",
    bot_heuristic: "电脑：简单",
    bot_normal: "电脑：普通",
    bot_hard: "电脑：困难",
    bot: "电脑",
    options: "选项",
    seed: "随机种子",
    seed_help: "相同的种子与行动会得到相同的游戏。",
    reroll: "随机新种子",
    start: "开始游戏",
    saved_games: "已存游戏",
    no_saves: "尚无已存游戏。请在上方开始新游戏。",
    resume: "继续",
    delete: "删除",
    export: "导出",
    export_raw: "导出原始数据",
    import: "导入存档",
    import_help: "载入从本网站导出的游戏（.json 文件）。",
    imported: "已导入游戏。",
    import_failed: "无法导入此文件：{reason}",
    confirm_delete: "确定删除此已存游戏？此操作无法撤销。",
    deleted: "已删除存档。",
    damaged: "此存档已损坏：{reason}",
    checking: "检查中…",
    last_played: "最后游玩",
    colon: "：",
    not_json: "内容不是有效的 JSON",
    progress: "进度",
    actions_n: "{n} 个行动",
    game_over_short: "已结束",
    in_progress: "进行中",
    unknown_game: "未知游戏",
    test_game: "测试游戏",
    framed_title: "此页面不能显示在其他网站中。",
    framed_open: "在新标签页中打开",
    coming_soon: "更多游戏即将推出。",
    yes: "是",
    no: "否",
    home: "首页",
    back_home: "返回首页",
    undo: "悔棋",
    help: "说明",
    close: "关闭",
    card_details: "详情：{name}",
    bid_sealed: "秘密：其他玩家只看到你已作答，看不到内容。",
    bid_open: "公开：所有人都看得到你的回答。",
    bot_speed: "电脑速度",
    speed_slow: "慢",
    speed_normal: "一般",
    speed_fast: "立即",
    your_turn: "轮到你了，{name}。",
    waiting_for: "等待 {names}。",
    bot_thinking: "{name} 思考中…",
    bot_did: "{name}：{label}",
    bot_decide: "让电脑替{name}决定",
    hint: "提示",
    hint_ask: "高手会怎么下？",
    hint_thinking: "思考几秒钟…",
    hint_rate: "胜率 {p}%（{n} 局）",
    hint_rate_one: "胜率 {p}%（1 局）",
    hint_note:
      "由 {n} 局模拟估算，只用你看得到的信息；局数少的胜率较不可靠，排得较后。这些行动已在盘面上标出。",
    hint_failed: "目前无法提示：{reason}",
    hint_move: "建议 {n}",
    you_did: "{name}：{label}",
    pass_title: "传递设备",
    pass_to: "请交给 {name}",
    pass_hint: "现在只有 {name} 可以看屏幕。",
    pass_continue: "我是 {name}——显示我的版图",
    legal_actions: "你的行动",
    no_actions: "现在没有可做的事。",
    choices_for: "{what} 的选项",
    clear_selection: "取消选择",
    pending_h: "等待回应",
    pending_answered: "已回应：{names}",
    event_log: "事件记录",
    status: "状态",
    scores: "分数",
    game_over: "游戏结束",
    winner: "胜者",
    winners: "胜者",
    no_winner: "没有胜者",
    total: "总分",
    rank: "名次",
    player: "玩家",
    play_again: "新游戏",
    view_board: "查看版图",
    export_game: "导出此游戏",
    storage_full: "存储空间已满：此游戏将不再存档。请在首页导出或删除旧游戏。你可以继续游玩。",
    error: "错误",
    bad_url: "此页面网址无效：{reason}",
    no_save_found: "此浏览器中没有编号为 {id} 的存档。",
    engine_error: "引擎拒绝：{reason}",
    group_other: "其他行动",
    shortcuts: "键盘快捷键",
    sc_undo: "悔棋（撤销你的上一个行动）",
    sc_help: "显示此说明",
    sc_actions: "跳到你的行动",
    sc_escape: "取消选择／关闭对话框",
    sc_skip: "电脑立即行动（跳过等待）",
    sc_hint: "高手会怎么下？（提示）",
    sc_tab: "在控件之间移动；按 Enter 或空格键执行",
    help_board: "点击版图上亮起的部分来操作，或使用行动列表。你现在能做的一切都列在“你的行动”中。",
    embed_prev: "上一步",
    embed_next: "下一步",
    embed_first: "最前",
    embed_last: "最后",
    step_of: "第 {n} / {total} 步",
    open_full: "以完整页面打开",
    all_bots: "所有座位都是电脑：观战中。",
    skip: "跳过",
    none: "无",
    boot_wait: "正在启动游戏引擎…",
    started_new: "新游戏开始。",
    resumed: "已继续游戏。",
    nothing_to_undo: "没有可悔的棋。",
    help_title: "操作说明",
    rules_of: "{game} 规则",
    rules_read: "阅读规则",
    help_rules: "本游戏的完整规则",
    new_tab: "（在新标签页打开）",
    undo_confirm_one: "悔棋也会收回 {names} 在你之后下的 1 步。仍要悔棋吗？",
    undo_confirm_many: "悔棋也会收回 {names} 在你之后下的 {n} 步。仍要悔棋吗？",
    skip_to_game: "跳到游戏",
    to_move_list: "轮到：{names}",
    update_ready: "网站有新版本（你的游戏会保留）。",
    reload: "重新加载",
  },
};

export const STRINGS = S;

let current = "en";

function detect() {
  for (const l of navigator.languages || [navigator.language || "en"]) {
    const low = String(l).toLowerCase();
    if (low.startsWith("zh")) {
      return /hant|tw|hk|mo/.test(low) ? "zh-Hant" : "zh-Hans";
    }
    if (low.startsWith("en")) return "en";
  }
  return "en";
}

/** Initialise from ?lang=, then localStorage, then the browser. `remember` stores a URL choice. */
export function initLang(urlLang, remember = true) {
  let lang = null;
  if (urlLang && LANGS.includes(urlLang)) {
    lang = urlLang;
    if (remember) trySet(lang);
  }
  if (!lang) {
    try {
      const stored = localStorage.getItem(KEY);
      if (LANGS.includes(stored)) lang = stored;
    } catch {
      /* storage blocked */
    }
  }
  setLang(lang || detect(), false);
  return current;
}

function trySet(lang) {
  try {
    localStorage.setItem(KEY, lang);
  } catch {
    /* storage full or blocked: the choice lasts this page */
  }
}

export function setLang(lang, remember = true) {
  current = LANGS.includes(lang) ? lang : "en";
  document.documentElement.lang = current;
  if (remember) trySet(current);
  return current;
}

export const lang = () => current;

/** A UI string with {param} substitution; falls back to English, then the key. */
export function t(key, params) {
  let s = (S[current] && S[current][key]) ?? S.en[key] ?? key;
  if (params) s = s.replace(/\{(\w+)\}/g, (m, k) => (k in params ? String(params[k]) : m));
  return s;
}

/**
 * A game's `t`: its own strings ({en: {...}, "zh-Hant": {...}, "zh-Hans": {...}}) first, then the
 * shell's (so "player_n", "undo", … need no copy). Each game front end makes one from its strings.js.
 */
export function translator(bundle) {
  return (key, params) => {
    let s = (bundle[current] && bundle[current][key]) ?? (bundle.en && bundle.en[key]);
    if (s == null) return t(key, params);
    if (params) s = s.replace(/\{(\w+)\}/g, (m, k) => (k in params ? String(params[k]) : m));
    return s;
  };
}

/** Does a game's string bundle (or the shell) define this key? */
export const hasString = (bundle, key) =>
  !!(
    (bundle && ((bundle[current] && key in bundle[current]) || (bundle.en && key in bundle.en))) ||
    key in S.en
  );

/** Pick an engine Text ({en, zh-Hant, zh-Hans}) in the current language; strings pass through. */
export function pick(text) {
  if (text == null) return "";
  if (typeof text === "string") return text;
  return text[current] ?? text.en ?? Object.values(text)[0] ?? "";
}

/** Fill every [data-i18n] element (textContent) and [data-i18n-attr="attr:key;attr:key"]. */
export function applyStatic(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-attr]")) {
    for (const pair of el.dataset.i18nAttr.split(";")) {
      const [attr, key] = pair.split(":");
      if (attr && key) el.setAttribute(attr.trim(), t(key.trim()));
    }
  }
}

const ESC = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
/** HTML-escape for building markup strings. */
export const esc = (s) => String(s ?? "").replace(/[&<>"']/g, (c) => ESC[c]);

/** A language picker <select> wired to setLang + a callback. */
export function langSelectHTML(id = "lang-select") {
  return (
    `<label class="lang-pick"><span class="sr-only">${esc(t("lang"))}</span>` +
    `<svg class="ico" viewBox="0 0 16 16" aria-hidden="true"><circle cx="8" cy="8" r="6.5" fill="none" stroke="currentColor" stroke-width="1.3"/><path d="M1.5 8h13M8 1.5c2 2 2.8 4.2 2.8 6.5S10 12.5 8 14.5M8 1.5C6 3.5 5.2 5.7 5.2 8S6 12.5 8 14.5" fill="none" stroke="currentColor" stroke-width="1.1"/></svg>` +
    `<select id="${id}" data-testid="lang-select" aria-label="${esc(t("lang"))}">` +
    LANGS.map(
      (l) => `<option value="${l}"${l === current ? " selected" : ""} lang="${l}">${LANG_NAMES[l]}</option>`,
    ).join("") +
    `</select></label>`
  );
}
