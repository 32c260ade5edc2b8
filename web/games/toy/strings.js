// Toy (a test game) strings in the three UI languages.

export default {
  en: {
    round: "Round {n} of {total}",
    chips: "Chips",
    score: "Score",
    your_cards: "Your cards",
    bid_made: "bid made",
    dec_bid: "Sealed bid",
    no_bid: "no bid yet",
    hint: "Bid 0-2 chips in secret; the higher bid (seat 1 on a tie) draws a card and scores it.",
    cat_cards: "Cards",
  },
  "zh-Hant": {
    round: "第 {n} / {total} 回合",
    chips: "籌碼",
    score: "分數",
    your_cards: "你的牌",
    bid_made: "已出價",
    dec_bid: "秘密出價",
    no_bid: "尚未出價",
    hint: "秘密出價 0-2 個籌碼；出價較高者（平手時座位 1）抽一張牌並計分。",
    cat_cards: "牌",
  },
  "zh-Hans": {
    round: "第 {n} / {total} 回合",
    chips: "筹码",
    score: "分数",
    your_cards: "你的牌",
    bid_made: "已出价",
    dec_bid: "秘密出价",
    no_bid: "尚未出价",
    hint: "秘密出价 0-2 个筹码；出价较高者（平手时座位 1）抽一张牌并计分。",
    cat_cards: "牌",
  },
};
