// The Great Wall (slice 1: engine only, not listed) strings in the three UI languages.

export default {
  en: {
    honor: "Honor",
    clerks: "Clerks",
    shame_supply: "Shame supply",
    hint: "The board of The Great Wall comes in a later slice; the actions are listed beside it.",
  },
  "zh-Hant": {
    honor: "榮譽",
    clerks: "文官",
    shame_supply: "恥辱標記供應區",
    hint: "長城的圖版將於之後加入；可執行的行動列在旁邊。",
  },
  "zh-Hans": {
    honor: "荣誉",
    clerks: "文官",
    shame_supply: "耻辱标记供应区",
    hint: "长城的图版将于之后加入；可执行的行动列在旁边。",
  },
};
