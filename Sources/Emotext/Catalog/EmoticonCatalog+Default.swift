// Note: names, traditional forms and image names are those of the Weibo keyboard's default pack (the
// fixture weibo-emoticons/com.sina.default); traditional forms the fixture leaves simplified were added.
// The fallbacks are our own choice. Regenerate by hand; it is data, not code.

extension EmoticonCatalog {
  /// The catalog compiled into the library, used whenever no catalog is given: the Weibo default pack
  /// (`com.sina.default`, 默认: 111 image emoticons such as `[哈哈]`, each with an emoji fallback and
  /// its traditional alias where it differs) and an Emoji pack (`com.apple.emoji`) whose codes are the
  /// emoji text itself. No images ship; renderers show ``Emoticon/fallback``.
  ///
  /// ```swift
  /// EmoticonCatalog.default.emoticon(forToken: "[愛你]")?.code   // "[爱你]"
  /// ```
  public static let `default` = EmoticonCatalog(packs: [defaultWeiboPack, defaultEmojiPack])

  static let defaultWeiboPack = EmoticonPack(
    id: "com.sina.default", displayName: "默认",
    emoticons: defaultWeiboEntries.map { code, alias, png, gif, fallback in
      Emoticon(
        code: code, aliases: alias.isEmpty ? [] : [alias], kind: .image(png: png, gif: gif.isEmpty ? nil : gif),
        fallback: fallback, packID: "com.sina.default")
    })

  static let defaultEmojiPack = EmoticonPack(
    id: "com.apple.emoji", displayName: "Emoji",
    emoticons: defaultEmoji.map { Emoticon(code: $0, kind: .emoji($0), packID: "com.apple.emoji") })

  /// (code, traditional alias or "", png, gif or "", fallback), in keyboard order.
  private static let defaultWeiboEntries: [(String, String, String, String, String)] = [
    ("[最右]", "", "d_zuiyou.png", "", "👉"),
    ("[微笑]", "", "d_hehe.png", "d_hehe.gif", "🙂"),
    ("[嘻嘻]", "", "d_xixi.png", "d_xixi.gif", "😁"),
    ("[哈哈]", "", "d_haha.png", "d_haha.gif", "😆"),
    ("[爱你]", "[愛你]", "d_aini.png", "d_aini.gif", "😍"),
    ("[挖鼻]", "", "d_wabishi.png", "d_wabishi.gif", "👃"),
    ("[吃惊]", "[吃驚]", "d_chijing.png", "d_chijing.gif", "😲"),
    ("[晕]", "[暈]", "d_yun.png", "d_yun.gif", "😵"),
    ("[泪]", "[淚]", "d_lei.png", "d_lei.gif", "😭"),
    ("[馋嘴]", "[饞嘴]", "d_chanzui.png", "d_chanzui.gif", "🤤"),
    ("[抓狂]", "", "d_zhuakuang.png", "d_zhuakuang.gif", "😫"),
    ("[哼]", "", "d_heng.png", "d_heng.gif", "😤"),
    ("[可爱]", "[可愛]", "d_keai.png", "d_keai.gif", "😊"),
    ("[怒]", "", "d_nu.png", "d_nu.gif", "😠"),
    ("[汗]", "", "d_han.png", "d_han.gif", "😓"),
    ("[害羞]", "", "d_haixiu.png", "d_haixiu.gif", "☺️"),
    ("[睡]", "", "d_shuijiao.png", "d_shuijiao.gif", "😴"),
    ("[钱]", "[錢]", "d_qian.png", "d_qian.gif", "🤑"),
    ("[偷笑]", "", "d_touxiao.png", "d_touxiao.gif", "🤭"),
    ("[笑cry]", "", "d_xiaoku.png", "", "😂"),
    ("[doge]", "", "d_doge.png", "", "🐶"),
    ("[喵喵]", "", "d_miao.png", "", "🐱"),
    ("[二哈]", "", "d_erha.png", "", "🐺"),
    ("[坏笑]", "[壞笑]", "d_huaixiao.png", "", "😏"),
    ("[骷髅]", "[骷髏]", "d_kulou.png", "", "💀"),
    ("[舔]", "", "d_tian.png", "", "😋"),
    ("[捂]", "", "d_wu.png", "", "🙈"),
    ("[酷]", "", "d_ku.png", "d_ku.gif", "😎"),
    ("[衰]", "", "d_shuai.png", "d_shuai.gif", "😩"),
    ("[闭嘴]", "[閉嘴]", "d_bizui.png", "d_bizui.gif", "🤐"),
    ("[鄙视]", "[鄙視]", "d_bishi.png", "d_bishi.gif", "😒"),
    ("[色]", "", "d_huaxin.png", "d_huaxin.gif", "🤩"),
    ("[鼓掌]", "", "d_guzhang.png", "d_guzhang.gif", "👏"),
    ("[悲伤]", "[悲傷]", "d_beishang.png", "d_beishang.gif", "😢"),
    ("[思考]", "", "d_sikao.png", "d_sikao.gif", "🤔"),
    ("[生病]", "", "d_shengbing.png", "d_shengbing.gif", "🤒"),
    ("[亲亲]", "[親親]", "d_qinqin.png", "d_qinqin.gif", "😘"),
    ("[怒骂]", "[怒罵]", "d_numa.png", "d_numa.gif", "🤬"),
    ("[太开心]", "[太開心]", "d_taikaixin.png", "d_taikaixin.gif", "😄"),
    ("[白眼]", "", "d_landelini.png", "d_landelini.gif", "🙄"),
    ("[右哼哼]", "", "d_youhengheng.png", "d_youhengheng.gif", "😤"),
    ("[左哼哼]", "", "d_zuohengheng.png", "d_zuohengheng.gif", "😤"),
    ("[嘘]", "", "d_xu.png", "d_xu.gif", "🤫"),
    ("[委屈]", "", "d_weiqu.png", "d_weiqu.gif", "😣"),
    ("[吐]", "", "d_tu.png", "d_tu.gif", "🤮"),
    ("[可怜]", "[可憐]", "d_kelian.png", "d_kelian.gif", "🥺"),
    ("[哈欠]", "", "d_dahaqi.png", "d_dahaqi.gif", "🥱"),
    ("[挤眼]", "[擠眼]", "d_jiyan.png", "d_jiyan.gif", "😉"),
    ("[失望]", "", "d_shiwang.png", "d_shiwang.gif", "😞"),
    ("[顶]", "[頂]", "d_ding.png", "d_ding.gif", "🔝"),
    ("[疑问]", "[疑問]", "d_yiwen.png", "d_yiwen.gif", "❓"),
    ("[困]", "", "d_kun.png", "d_kun.gif", "😪"),
    ("[感冒]", "", "d_ganmao.png", "d_ganmao.gif", "😷"),
    ("[拜拜]", "", "d_baibai.png", "d_baibai.gif", "👋"),
    ("[黑线]", "[黑線]", "d_heixian.png", "d_heixian.gif", "😑"),
    ("[阴险]", "[陰險]", "d_yinxian.png", "d_yinxian.gif", "😈"),
    ("[打脸]", "[打臉]", "d_dalian.png", "d_dalian.gif", "🤕"),
    ("[傻眼]", "", "d_shayan.png", "d_shayan.gif", "😳"),
    ("[互粉]", "", "f_hufen.png", "f_hufen.gif", "👥"),
    ("[抱抱]", "", "d_baobao.png", "", "🤗"),
    ("[摊手]", "[攤手]", "d_tanshou.png", "", "🤷"),
    ("[手写]", "[手寫]", "d_shouxie.png", "", "✍️"),
    ("[心]", "", "l_xin.png", "l_xin.gif", "❤️"),
    ("[伤心]", "[傷心]", "l_shangxin.png", "l_shangxin.gif", "💔"),
    ("[猪头]", "[豬頭]", "d_zhutou.png", "d_zhutou.gif", "🐷"),
    ("[熊猫]", "[熊貓]", "d_xiongmao.png", "d_xiongmao.gif", "🐼"),
    ("[兔子]", "", "d_tuzi.png", "d_tuzi.gif", "🐰"),
    ("[握手]", "", "h_woshou.png", "", "🤝"),
    ("[加油]", "", "h_jiayou.png", "", "💪"),
    ("[作揖]", "", "h_zuoyi.png", "", "🙏"),
    ("[赞]", "[贊]", "h_zan.png", "", "👍"),
    ("[耶]", "", "h_ye.png", "h_ye.gif", "✌️"),
    ("[good]", "", "h_good.png", "h_good.gif", "👍"),
    ("[弱]", "", "h_ruo.png", "h_ruo.gif", "👎"),
    ("[NO]", "", "h_buyao.png", "h_buyao.gif", "🙅"),
    ("[ok]", "", "h_ok.png", "h_ok.gif", "👌"),
    ("[haha]", "", "h_haha.png", "h_haha.gif", "🤣"),
    ("[来]", "[來]", "h_lai.png", "h_lai.gif", "🤙"),
    ("[拳头]", "[拳頭]", "h_quantou.png", "", "👊"),
    ("[威武]", "", "f_v5.png", "f_v5.gif", "💯"),
    ("[鲜花]", "[鮮花]", "w_xianhua.png", "w_xianhua.gif", "💐"),
    ("[钟]", "[鐘]", "o_zhong.png", "o_zhong.gif", "⏰"),
    ("[浮云]", "[浮雲]", "w_fuyun.png", "w_fuyun.gif", "☁️"),
    ("[飞机]", "[飛機]", "o_feiji.png", "o_feiji.gif", "✈️"),
    ("[月亮]", "", "w_yueliang.png", "w_yueliang.gif", "🌙"),
    ("[太阳]", "[太陽]", "w_taiyang.png", "w_taiyang.gif", "☀️"),
    ("[微风]", "[微風]", "w_weifeng.png", "w_weifeng.gif", "🍃"),
    ("[下雨]", "", "w_xiayu.png", "w_xiayu.gif", "🌧️"),
    ("[给力]", "[給力]", "f_geili.png", "f_geili.gif", "🔥"),
    ("[神马]", "[神馬]", "f_shenma.png", "f_shenma.gif", "🐴"),
    ("[围观]", "[圍觀]", "o_weiguan.png", "o_weiguan.gif", "👀"),
    ("[话筒]", "[話筒]", "o_huatong.png", "o_huatong.gif", "🎤"),
    ("[奥特曼]", "", "d_aoteman.png", "d_aoteman.gif", "🦸"),
    ("[草泥马]", "[草泥馬]", "d_shenshou.png", "shenshou_thumb.gif", "🦙"),
    ("[萌]", "", "f_meng.png", "f_meng.gif", "🥰"),
    ("[囧]", "", "f_jiong.png", "f_jiong.gif", "😖"),
    ("[织]", "[織]", "f_zhi.png", "f_zhi.gif", "🧶"),
    ("[礼物]", "[禮物]", "o_liwu.png", "o_liwu.gif", "🎁"),
    ("[喜]", "", "f_xi.png", "f_xi.gif", "🧧"),
    ("[围脖]", "[圍脖]", "o_weibo.png", "o_weibo.gif", "🧣"),
    ("[音乐]", "[音樂]", "o_yinyue.png", "o_yinyue.gif", "🎵"),
    ("[绿丝带]", "[綠絲帶]", "o_lvsidai.png", "o_lvsidai.gif", "🎗️"),
    ("[蛋糕]", "", "o_dangao.png", "o_dangao.gif", "🎂"),
    ("[蜡烛]", "[蠟燭]", "o_lazhu.png", "o_lazhu.gif", "🕯️"),
    ("[干杯]", "[乾杯]", "o_ganbei.png", "o_ganbei.gif", "🍻"),
    ("[男孩儿]", "[男孩兒]", "d_nanhaier.png", "d_nanhaier.gif", "👦"),
    ("[女孩儿]", "[女孩兒]", "d_nvhaier.png", "d_nvhaier.gif", "👧"),
    ("[肥皂]", "", "d_feizao.png", "d_feizao.gif", "🧼"),
    ("[照相机]", "[照相機]", "o_zhaoxiangji.png", "", "📷"),
    ("[浪]", "", "d_lang.png", "", "🌊"),
    ("[沙尘暴]", "[沙塵暴]", "w_shachenbao.png", "w_shachenbao.gif", "🌪️"),
  ]

  /// The Weibo keyboard's 80 emoji (with U+FE0F where the base defaults to text presentation), then a
  /// few multi-scalar sequences.
  private static let defaultEmoji: [String] = [
    "😃", "😍", "😒", "😳", "😁", "😘", "😉", "😠", "😞", "😥",
    "😭", "😝", "😡", "😣", "😔", "😄", "😷", "😚", "😓", "😂",
    "😊", "😢", "😜", "😨", "😰", "😲", "😏", "😱", "😪", "😖",
    "😌", "👿", "👻", "🎅", "👧", "👦", "👩", "👨", "🐶", "🐱",
    "👍", "👎", "👊", "✊", "✌️", "💪", "👏", "👈", "👆", "👉",
    "👇", "👌", "❤️", "💔", "🙏", "☀️", "🌙", "🌟", "⚡", "☁️",
    "☔", "🍁", "🌻", "🍃", "👗", "🎀", "👄", "🌹", "☕", "🎂",
    "🕙", "🍺", "🔍", "📱", "🏠", "🚗", "🎁", "⚽", "💣", "💎",
    "👍🏽", "👨‍👩‍👧", "🇨🇳", "❤️‍🔥",
  ]
}
