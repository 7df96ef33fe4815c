"""The case-set rules' words in the languages public skills are most often written in besides
English (issue 26): the user's own account and machine, live data, a web search, a link handed
over to read (EV014), an input the prompt points at, hands over by its kind or counts, and
a path after a verb that reads it or makes it (EV009), a server or tool beside a
server's name (EV016), an absence ("does not contain 'X'") in statements and in the check
language, a denial that needs no quote, an item marked optional, a statement only about
the skill firing, and a count bound ("不少于3条", "mindestens 3"), which is never a denial.
The newest (issue 26, rule 6): an input handed over in words or said to follow (EV009), state
another case leaves behind (EV017), a service only the user's account reaches, a weather
lookup, an image model to draw with, and a question asking advice, which needs none (EV014);
their tables hold English too.

One table a concept, one tuple of patterns a language, compiled once into one pattern a
concept: adding a language is adding its words. English keeps its own, older grammar in the
module of each rule; these extend it.

Chinese and Japanese write no spaces between words, so `\\b` means nothing there: their
patterns carry no word bounds (the words are long and specific enough), while every language
written with spaces is bounded on the left (Korean and Turkish add endings to a word, so they
are not bounded on the right). Words that also name something to build are left out ("mon
portfolio", a site; "портфолио" too): only the investment sense ("portefeuille",
"портфель").
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar

Table = Mapping[str, tuple[str, ...]]

# Languages written without spaces between words: no bounds at all.
_UNSPACED = frozenset({"zh", "ja"})
# Languages that add endings to a word: bounded on the left only.
_SUFFIXED = frozenset({"ko", "tr"})

# The user's own account on a live service: their portfolio, bank or broker account, inbox,
# calendar, mail. A generic account ("mi cuenta de Twitter" for a post to write, "アカウント")
# and a plan to make ("mi calendario de contenidos", "내 일정") are not one, as in English.
_NOT_A_PLAN = r"(?!\s+(?:de|del|des|di|da|do|editorial\w*|editoriale))"
OWN_ACCOUNT: Table = {
    "zh": (r"我(?:的|们的|們的)?(?:投资组合|投資組合|持仓|持倉|股票账户|股票帳戶|银行账户|"
           r"銀行帳戶|账户|帳戶|賬戶|账户余额|收件箱|收件匣|邮箱|郵箱|信箱|日历|日曆|行事曆|"
           r"邮件|郵件)",),
    "ja": (r"(?:私の|自分の|僕の|うちの)(?:ポートフォリオ(?!サイト|ページ|ウェブ)|保有株|"
           r"証券口座|銀行口座|口座|受信トレイ|受信箱|メールボックス|カレンダー|メール)",),
    "ko": (r"(?:(?<![가-힣])내|(?<![가-힣])제|나의|저의)\s*(?:"
           r"포트폴리오(?!\s*(?:사이트|웹|페이지))|보유\s*주식|증권\s*계좌|은행\s*계좌|계좌|받은\s*편지함|메일함|캘린더)",),
    "ru": (r"(?:мо[йяеёи]\w*|наш\w*)\s+(?:инвестиционн\w+\s+|брокерск\w+\s+|банковск\w+\s+|"
           r"текущ\w+\s+)?(?:портфел\w*|сч[её]т\w*|почт\w*|входящ\w*|календар\w*|акци\w*|"
           r"позици\w*)",),
    "es": (r"(?:mi|mis|nuestra|nuestro)\s+(?:cartera(?:\s+de\s+inversi[oó]n)?|"
           r"portafolio\s+de\s+(?:inversi[oó]n|acciones)|inversiones|cuenta\s+(?:bancaria|"
           r"de\s+(?:inversi[oó]n|corretaje|banco|trading|aws|google|github|gmail|correo))|saldo|"
           rf"bandeja\s+de\s+entrada|calendario{_NOT_A_PLAN}|correos?(?:\s+electr[oó]nicos?)?|"
           r"acciones|posiciones)",),
    "pt": (r"(?:meu|minha|meus|minhas|nosso|nossa)\s+(?:carteira(?:\s+de\s+investimentos?)?|"
           r"portf[oó]lio\s+de\s+(?:investimentos?|a[cç][oõ]es)|investimentos|conta\s+(?:"
           r"banc[aá]ria|corrente|de\s+(?:investimentos?|corretora|banco|aws|google|github|"
           rf"e-?mail))|saldo|caixa\s+de\s+entrada|calend[aá]rio{_NOT_A_PLAN}|e-?mails?|"
           r"a[cç][oõ]es|posi[cç][oõ]es)",),
    "fr": (r"(?:mon|ma|mes|notre|nos)\s+(?:portefeuille|compte\s+(?:bancaire|courant|titres|"
           r"de\s+trading|aws|google|github|gmail)|solde|bo[iî]te\s+(?:de\s+r[eé]ception|mail|"
           rf"aux\s+lettres)|agenda{_NOT_A_PLAN}|calendrier{_NOT_A_PLAN}|e-?mails?|courriels?|"
           r"actions|positions|placements)",),
    "de": (r"(?:mein|meine|meinem|meinen|meiner|meines|unser\w*)\s+(?:aktien|wertpapier|bank|"
           r"giro)?(?:depot|portfolio(?!-?\s*(?:website|seite|webseite))|konto|kontostand|"
           r"posteingang|postfach|kalender|e-?mails?|positionen)",),
    "it": (r"(?:il\s+mio|la\s+mia|i\s+miei|le\s+mie|mio|mia|miei|mie|nostro|nostra)\s+"
           r"(?:portafoglio|conto\s+(?:corrente|bancario|titoli|trading)|saldo|"
           rf"casella\s+(?:di\s+posta|email)|posta\s+in\s+arrivo|calendario{_NOT_A_PLAN}|"
           r"e-?mail|azioni|posizioni|investimenti)",),
    "vi": (r"(?:danh\s+m[uụ]c\s+đ[aầ]u\s+t[uư]|t[aà]i\s+kho[aả]n\s+(?:ng[aâ]n\s+h[aà]ng|"
           r"ch[uứ]ng\s+kho[aá]n)|h[oộ]p\s+th[uư]|email|c[oổ]\s+phi[eế]u)\s+c[uủ]a\s+"
           r"(?:t[oô]i|m[iì]nh)",),
    "tr": (r"(?:portf[oö]y[uü]m|banka\s+hesab[iı]m|hesap\s+bakiyem|gelen\s+kutum|takvimim|"
           r"e-?postalar[iı]m|hisselerim|pozisyonlar[iı]m)",),
}

# The user's own computer and its personal folders.
OWN_MACHINE: Table = {
    # (a home folder by its English name too: "我的 Downloads 文件夹")
    "zh": (r"我(?:的)?(?:电脑|電腦|笔记本电脑|筆記型電腦|硬盘|硬碟|下载文件夹|下載資料夾|"
           r"下载目录|下載目錄|桌面|文档文件夹|文件夾|主目录|"
           r"\s*(?:Downloads|Desktop|Documents|Pictures)\s*(?:文件夹|資料夾|目录|目錄))",),
    "ja": (r"(?:私の|自分の|僕の)(?:パソコン|PC|コンピューター?|ノートパソコン|Mac|"
           r"ダウンロードフォルダ|ダウンロード|デスクトップ|ドキュメントフォルダ|"
           r"ホームフォルダ|ハードディスク)",),
    "ko": (r"(?:(?<![가-힣])내|(?<![가-힣])제|나의|저의)\s*(?:컴퓨터|노트북|PC|맥|"
           r"다운로드\s*폴더|다운로드|바탕\s*화면|데스크톱|문서\s*폴더|홈\s*폴더|하드\s*디스크)",),
    "ru": (r"(?:мо[йяеёи]\w*|на\s+мо[её]м)\s+(?:компьютер\w*|ноутбук\w*|маке|макбук\w*|"
           r"пк|диск\w*|рабоч\w+\s+стол\w*|папк\w+\s+(?:загрузк\w*|документ\w*)|загрузк\w*)",),
    "es": (r"(?:mi|mis|en\s+mi)\s+(?:ordenador|computadora|port[aá]til|mac|pc|disco\s+duro|"
           r"escritorio|carpeta\s+de\s+(?:descargas|documentos)|descargas)",),
    "pt": (r"(?:meu|minha|no\s+meu|na\s+minha)\s+(?:computador|notebook|port[aá]til|mac|pc|"
           r"disco\s+r[ií]gido|[aá]rea\s+de\s+trabalho|pasta\s+de\s+(?:downloads|documentos)|"
           r"downloads|transfer[eê]ncias)",),
    "fr": (r"(?:mon|ma|mes|sur\s+mon)\s+(?:ordinateur|ordi|pc|mac|portable|disque\s+dur|"
           r"dossier\s+(?:de\s+)?(?:t[eé]l[eé]chargements|documents)|t[eé]l[eé]chargements)",),
    "de": (r"(?:mein|meine|meinem|meinen|meiner|auf\s+meinem)\s+(?:rechner|computer|laptop|pc|"
           r"mac|festplatte|download-?ordner|downloads|desktop|schreibtisch|"
           r"dokumente-?ordner|home-?verzeichnis)",),
    "it": (r"(?:il\s+mio|sul\s+mio|nel\s+mio|la\s+mia|mio|mia)\s+(?:computer|pc|mac|portatile|"
           r"disco\s+rigido|desktop|cartella\s+(?:download|documenti)|download)",),
    "vi": (r"(?:m[aá]y\s+t[ií]nh|laptop|[oổ]\s+c[uứ]ng|th[uư]\s+m[uụ]c\s+t[aả]i\s+xu[oố]ng|"
           r"m[aà]n\s+h[iì]nh\s+n[eề]n)\s+c[uủ]a\s+(?:t[oô]i|m[iì]nh)",),
    "tr": (r"(?:bilgisayar[iı]m|diz[uü]st[uü]m|masa[uü]st[uü]m|indirilenler\s+klas[oö]r[uü]m|"
           r"belgeler\s+klas[oö]r[uü]m|sabit\s+diskim)",),
}

# Data a live service holds now: current prices and rates, today's news, in real time.
LIVE_DATA: Table = {
    "zh": (r"(?:(?:实时|實時|即时|即時|最新|当前|當前|目前)的?|(?:今天|今日)的)(?:股价|股價|价格|"
           r"價格|行情|报价|報價|汇率|匯率|新闻|新聞|天气|天氣|头条|頭條)",
           # what was published lately: 最近 ... 新(的) ... 论文, 最新的论文 (a clause apart)
           r"(?:最近|近期|近来|本周|今天)[^。？！?!，,\n]{0,60}?新[^。？！?!，,\n]{0,30}?(?:论文|論文|"
           r"预印本|文章)",
           r"最新[^。？！?!，,\n]{0,20}?(?:论文|論文|预印本)",
           # what a site ranks now: 今天GitHub有什么热门项目
           r"(?:今天|今日|本周|本週|这周|這週|当前|當前|目前|现在|現在)[^。？！?!，,\n]{0,20}?"
           r"(?:热门|熱門|热榜|熱榜|热搜|熱搜|趋势|趨勢)",
           # a league's games now: 今天 NBA 比赛结果, 最近一场湖人的比赛, 本赛季的得分王
           r"(?:今天|今日|昨晚|昨天|最新)[^。？！?!，,\n]{0,12}?(?:比赛结果|比賽結果|比分|赛果|賽果|"
           r"战况|戰況)",
           r"最近一场[^。？！?!，,\n]{0,12}?(?:比赛|比賽)",
           r"本赛季[^。？！?!，,\n]{0,12}?(?:得分王|助攻王|篮板王|排名|积分榜|排行|榜)"),
    "ja": (r"(?:リアルタイムの?|最新の|現在の|今日の|本日の)(?:株価|価格|相場|為替レート|為替|"
           r"ニュース|天気|見出し)",),
    "ko": (r"(?:실시간|최신|현재|오늘의?)\s*(?:주가|가격|시세|환율|뉴스|날씨|헤드라인)",),
    "ru": (r"(?:текущ\w+|актуальн\w+|сегодняшн\w+|свеж\w+|последн\w+)\s+(?:биржев\w+\s+)?"
           r"(?:цен\w*|курс\w*|котировк\w*|новост\w*|погод\w*|заголовк\w*)",
           r"(?:цен\w*|курс\w*|котировк\w*|новост\w*)\s+(?:\w+\s+)?(?:в\s+реальном\s+времени|"
           r"на\s+сегодня)"),
    "es": (r"(?:precios?|cotizaci[oó]n(?:es)?|tipos?\s+de\s+cambio|noticias|titulares|clima)\s+"
           r"(?:\w+\s+)?(?:actual(?:es|izad[oa]s)?|en\s+tiempo\s+real|de\s+hoy|del\s+d[ií]a)",
           r"[uú]ltimas\s+noticias"),
    "pt": (r"(?:pre[cç]os?|cota[cç](?:[aã]o|[oõ]es)|c[aâ]mbio|not[ií]cias|manchetes|clima)\s+"
           r"(?:\w+\s+)?(?:atua(?:l|is|lizad[oa]s)|em\s+tempo\s+real|de\s+hoje|do\s+dia)",
           r"[uú]ltimas\s+not[ií]cias"),
    "fr": (r"(?:prix|cours|cotations?|taux\s+de\s+change|actualit[eé]s|nouvelles|titres|"
           r"m[eé]t[eé]o)\s+(?:\w+\s+)?(?:actuels?|actuelles?|en\s+temps\s+r[eé]el|du\s+jour|"
           r"d'aujourd'hui)",
           r"derni[eè]res\s+(?:nouvelles|actualit[eé]s)"),
    "de": (r"(?:aktuell\w*|heutig\w*|neueste\w*|tagesaktuell\w*)\s+(?:\w+\s+)?(?:aktienkurs\w*|"
           r"kurs\w*|preis\w*|wechselkurs\w*|nachrichten|schlagzeilen|wetter)",
           r"(?:kurs\w*|preis\w*|nachrichten)\s+in\s+echtzeit|echtzeit-?(?:kurs\w*|preis\w*|"
           r"daten|nachrichten)"),
    "it": (r"(?:prezzi|prezzo|quotazion[ei]|tass[io]\s+di\s+cambio|notizie|titoli|meteo)\s+"
           r"(?:\w+\s+)?(?:attual[ei]|in\s+tempo\s+reale|di\s+oggi|del\s+giorno)",
           r"ultime\s+notizie"),
    "vi": (r"(?:gi[aá]|t[iỷ]\s+gi[aá]|tin\s+t[uứ]c|th[oờ]i\s+ti[eế]t)\s+(?:\w+\s+)?"
           r"(?:hi[eệ]n\s+t[aạ]i|h[oô]m\s+nay|th[oờ]i\s+gian\s+th[uự]c|m[oớ]i\s+nh[aấ]t)",),
    "tr": (r"(?:g[uü]ncel|anl[iı]k|bug[uü]nk[uü]|ger[cç]ek\s+zamanl[iı])\s+(?:\w+\s+)?"
           r"(?:fiyat\w*|kur\w*|haber\w*|hava\s+durumu|man[sş]et\w*)",),
}

# Who runs an official source, and what it is, in Chinese.
_ZH_OFFICIAL = (r"(?:国家|國家|全国|全國|人大|官方|政府|法院|人民法院|外交部|国务院|國務院|"
                r"公开|公開|在线|在線|线上|線上|网上|網上)")
_ZH_SOURCE = (r"(?:数据库|數據庫|资料库|資料庫|[^\s，。；,.;]{1,4}库|[^\s，。；,.;]{1,4}庫|"
              r"官网|官網|网站|網站|门户|門戶|平台|系统|系統|登记|登記)")

# A named online source searched for its current data: an official database, portal or
# registry ("查询国家法律法规数据库", "consulta el BOE actualizado"), or the latest rulings,
# laws or figures looked up ("检索最新的司法解释"). A database to design is no source to search.
LIVE_SOURCE: Table = {
    "zh": (r"(?:查询|查詢|检索|檢索|搜索|搜尋|查找|查阅|查閱|查)[^，。；,.;\n]{0,12}?"
           rf"{_ZH_OFFICIAL}[^，。；,.;\n]{{0,10}}?{_ZH_SOURCE}",
           # the place first, the verb last: "在全国人大法律法规数据库里找"
           rf"在{_ZH_OFFICIAL}[^，。；,.;\n]{{0,14}}?{_ZH_SOURCE}(?:[（(][^）)\n]{{0,40}}[）)])?"
           r"(?:里|裡|中|上)?(?:找|搜|查|检索|檢索|查询|查詢)",
           r"(?:查询|查詢|检索|檢索|搜索|搜尋|查找|查阅|查閱|找)(?:一下)?(?:所有|全部)?(?:最新|"
           r"现行|現行|当前|當前|目前有效)的?[^\s，。；,.;\n]{1,10}"),
    "ja": (r"(?:公式|政府|国の|官公庁|裁判所|オンライン)[^、。\n]{0,10}?(?:データベース|ポータル|"
           r"サイト|登記)[^、。\n]{0,8}?(?:で|を)(?:検索|照会|調べ|参照)",
           r"最新の[^、。\n]{1,10}?を(?:検索|照会|調べ)"),
    "ko": (r"(?:공식|정부|국가|법원|온라인)\s*[^,.\n]{0,10}?(?:데이터베이스|포털|사이트|등기)"
           r"[^,.\n]{0,8}?(?:검색|조회|찾아)",
           r"최신\s*[^,.\n]{1,10}?(?:검색|조회)"),
    "es": (r"(?:consult|busc|revis|verific)\w*\s+(?:\w+\s+){0,4}?(?:actualizad[oa]s?|vigentes?|"
           r"m[aá]s\s+recientes?)",
           r"(?:consult|busc)\w*\s+(?:\w+\s+){0,4}?(?:base\s+de\s+datos|portal|registro|"
           r"sitio\s+web|p[aá]gina\s+web)\s+(?:oficial|del\s+gobierno|gubernamental|p[uú]blic[oa]|"
           r"del\s+estado)"),
    "pt": (r"(?:consult|pesquis|busc|verific)\w*\s+(?:\w+\s+){0,4}?(?:atualizad[oa]s?|vigentes?|"
           r"mais\s+recentes?)",
           r"(?:consult|pesquis)\w*\s+(?:\w+\s+){0,4}?(?:base\s+de\s+dados|portal|registro|site)\s+"
           r"(?:oficial|do\s+governo|governamental|p[uú]blic[oa])"),
    "fr": (r"(?:consult|recherch|cherch|v[eé]rifi)\w*\s+(?:\S+\s+){0,4}?(?:base\s+de\s+donn[eé]es|"
           r"portail|registre|site)\s+(?:officiel|du\s+gouvernement|gouvernemental|public)",
           r"(?:consult|recherch|cherch)\w*\s+(?:\S+\s+){0,3}?(?:derni[eè]res?|plus\s+r[eé]cent|"
           r"en\s+vigueur)"),
    "de": (r"(?:such|recherchier|abfrag|nachschlag|pr[uü]f)\w*\s+(?:\w+\s+){0,4}?(?:amtlich|"
           r"offiziell|staatlich|beh[oö]rdlich)\w*\s+(?:\w+\s+)?(?:datenbank|portal|register|"
           r"website|seite)\w*",),
    "it": (r"(?:consult|cerc|verific)\w*\s+(?:\w+\s+){0,4}?(?:banca\s+dati|database|portale|"
           r"registro|sito)\s+(?:ufficiale|del\s+governo|governativo|pubblico)",),
    "ru": (r"(?:найд|поищ|провер|запрос|посмотр|сверь)\w*\s+(?:\w+\s+){0,4}?(?:официальн|"
           r"государственн|правительственн)\w*\s+(?:\w+\s+)?(?:баз\w*|портал\w*|реестр\w*|сайт\w*)",
           r"(?:найд|поищ|провер)\w*\s+(?:\w+\s+){0,2}?(?:актуальн|действующ|последн)\w*\s+\w+"),
}

# What a prompt points at as its input: "this diff", "the attached file" (any thing), "my
# repository" (only what a user holds before any task: "mon projet", "mi informe" may be what
# the task asks to write). Romance languages put the participle after the noun ("le fichier
# joint"). Korean "이" (this) stands alone, never as the particle ending a word.
_HELD_ZH = (r"代码库|代碼庫|程式碼|代码|代碼|补丁|補丁|仓库|倉庫|拉取请求|合并请求|日志|日誌|"
            r"数据集|資料集|diff|PR|repo")
# a book, and a written piece, as the user's own (see POINTED)
_BOOK_ZH = r"书稿|書稿|书|書|小说|小說|手稿"
_PAPER_ZH = r"论文|論文|文章|稿子|稿件|报告|報告|综述|綜述|初稿|草稿|文案|笔记|筆記|帖子"
_DOCUMENT_ZH = rf"{_BOOK_ZH}|{_PAPER_ZH}"
_HELD_JA = r"コードベース|コード|差分|パッチ|リポジトリ|プルリクエスト|ログ|データセット|diff|PR"
_HELD_KO = r"코드베이스|코드|패치|저장소|리포지토리|레포|풀\s*리퀘스트|로그|데이터셋|diff|PR"
_HELD_RU = (r"diff|дифф\w*|патч\w*|код\w*|репозитори\w*|репо|pr|пул\s*-?реквест\w*|"
            r"пулл\s*-?реквест\w*|коммит\w*|лог\w*|датасет\w*")
_HELD_ES = r"diff|parche|c[oó]digo|repositorio|repo|pr|pull\s+request|commit|registros|logs?"
_HELD_PT = r"diff|patch|c[oó]digo|reposit[oó]rio|repo|pr|pull\s+request|commit|logs?"
_HELD_FR = (r"diff|patch|correctif|code|d[eé]p[oô]t|repo|pr|pull\s+request|merge\s+request|"
            r"commit|logs?")
_HELD_DE = (r"diff|patch|code|codebasis|repository|repo|pr|pull\s+request|merge\s+request|"
            r"commit|logs?")
_HELD_IT = r"diff|patch|codice|repository|repo|pr|pull\s+request|commit|log"
POINTED: Table = {
    "zh": (rf"(?:这个|這個|这份|這份|这段|這段|这些|這些|附件中的|附件里的|附件裡的|附带的|附帶的|"
           # (a qualifier of up to four characters between: "这份劳动合同", this labour contract)
           # (or a product's Latin name: "这个 Vue 项目")
           # (or a clause ending in 的 before it saying the thing already exists or was used:
           # "这个停了两个月的项目", "这个已有的前端仓库"; never one of making it,
           # "这个下周开会用的报告", "这个要你写的报告")
           rf"上传的|上傳的|附加的)\s*(?:(?![^的，。]{{0,8}}(?:用的|用于|用於|要|交|给|給))"
           rf"(?:(?![写寫做生创創新要])[\u4e00-\u9fff]){{1,8}}的)?"
           rf"(?:[\u4e00-\u9fff]{{0,4}}?|[A-Za-z][A-Za-z0-9_.+#-]{{0,15}}\s*)"
           rf"(?:{_HELD_ZH}|文件|檔案|文档|文檔|差异|"
           r"項目|项目|專案|表格|笔记|筆記|初稿|草稿|文案|"
           r"电子表格|試算表|报告|報告|合同|合約|脚本|腳本|手册|手冊|CSV|PDF|runbook|"
           # an office file by its format or program ("这个 XLSX", "这份 Word 文档")
           # (a compound naming a product, "这个笔记软件", is no material)
           r"XLSX|XLS|DOCX|DOC|PPTX|PPT|Excel|Word|PowerPoint)"
           r"(?!软件|軟體|应用|應用|App|app|工具|平台|插件)",
           rf"(?:我的|我们的|我們的|当前|當前|现有|現有|目前的)\s*(?:{_HELD_ZH})",
           r"附加的文件|上传的文件|上傳的檔案",
           # what the user says they gave ("我提供的一篇 TPWRS 论文 PDF"), and a book or paper
           # pointed at with its own classifier ("这本书", "这篇论文"): their own, unless a
           # title in 《》 names a published one the model may know
           rf"(?:我|我们|我們)(?:提供|上传|上傳|附上|发给你|發給你|给你|給你)的\s*"
           rf"(?:[\u4e00-\u9fff]{{0,4}}?|[一两兩几幾]\s*[篇份本个個]\s*[A-Za-z0-9\s]{{0,12}}?)"
           rf"(?:{_DOCUMENT_ZH}|文件|檔案|文档|文檔|PDF|资料|資料|数据|數據)"
           # (a product's part it describes, "我们提供的数据接口", is no material handed over)
           r"(?!接口|格式|规则|規則|模板|结构|結構|服务|服務|方案|平台|API|api)",
           # (a platform's or a kind's name between: "这篇小红书初稿", this XHS draft)
           rf"(?:这本|這本)(?:{_BOOK_ZH})|(?:这篇|這篇)[\u4e00-\u9fff]{{0,4}}?(?:{_PAPER_ZH})",
           # a document the user already has, continued or built on ("继续昨天的战略报告",
           # "基于现有战略咨询报告", "继续已有制度文稿"), looked into ("检查报告里", "看正文里"),
           # or told done ("正文已经差不多了")
           r"(?:继续|繼續|接着|接著|基于|基於|根据|根據|沿用)(?:昨天|上次|之前|前面|已有|现有|現有|"
           r"原有|原来|原來)的?(?:(?![写寫做生成出])[\u4e00-\u9fff]){0,8}?(?:报告|報告|文稿|方案|"
           r"稿|文档|文檔|正文|草稿|大纲|大綱|制度|项目|項目|标书|標書|材料)",
           # (never the piece this prompt has the agent write first: "写完后检查报告中的错别字")
           r"(?<![写寫]完后)(?<![写寫]完後)(?<![写寫]好后)(?:检查|檢查|看|扫|掃|审查|審查|核对|核對)"
           r"(?:一下|一遍)?(?:这份|這份)?(?:报告|報告|正文|文稿|文档|文檔|稿子|草稿)(?:里|裡|中)",
           r"(?:正文|初稿|草稿|报告|報告|文稿)(?:已经|已經)(?:写好|寫好|差不多|完成|写完|寫完)"
           r"(?![^，。？?]{0,4}[吗嗎？?])"),
    "ja": (rf"(?:この|これらの|添付の|添付した|添付された|アップロードした|アップロードされた)\s*"
           rf"(?:{_HELD_JA}|ファイル|ドキュメント|文書|プロジェクト|スクリプト|レポート|報告書|"
           r"契約書|スプレッドシート|ランブック|手順書|CSV|PDF|runbook|"
           r"XLSX|XLS|DOCX|DOC|PPTX|PPT|Excel|Word|PowerPoint)",
           rf"(?:私の|自分の|うちの|現在の|既存の)\s*(?:{_HELD_JA})",
           r"添付ファイル"),
    "ko": (rf"(?:(?<![가-힣])이|이번|첨부된|첨부한|업로드된|업로드한)\s*(?:{_HELD_KO}|파일|문서|"
           r"프로젝트|스크립트|보고서|계약서|스프레드시트|런북|CSV|PDF|runbook)",
           rf"(?:(?<![가-힣])내|(?<![가-힣])제|우리|현재|기존)\s*(?:{_HELD_KO})",
           r"첨부\s*파일"),
    "ru": (rf"(?:эт(?:от|а|у|ого|ом|и|их)|приложенн\w+|прикрепл[её]нн\w+|загруженн\w+)\s+"
           rf"(?:{_HELD_RU}|файл\w*|документ\w*|журнал\w*|скрипт\w*|отч[её]т\w*|договор\w*|"
           r"проект\w*|runbook|ранбук\w*|регламент\w*|таблиц\w*|csv|pdf)",
           rf"(?:мо[йюеёи]\w*|наш\w*)\s+(?:{_HELD_RU})"),
    "es": (rf"(?:este|esta|estos|estas)\s+(?:{_HELD_ES}|archivo|fichero|documento|script|"
           r"informe|contrato|proyecto|runbook|manual\s+de\s+operaciones|hoja\s+de\s+c[aá]lculo|"
           r"conjunto\s+de\s+datos|csv|pdf)",
           rf"(?:mi|mis|nuestro|nuestra|nuestros)\s+(?:{_HELD_ES})",
           r"(?:archivo|fichero|documento|informe|c[oó]digo|pdf|csv)\s+(?:adjunt[oa]|"
           r"subid[oa]|proporcionad[oa]|anexad[oa])"),
    "pt": (rf"(?:este|esta|esse|essa|estes|estas)\s+(?:{_HELD_PT}|arquivo|ficheiro|documento|"
           r"registros?|script|relat[oó]rio|contrato|projeto|runbook|planilha|"
           r"conjunto\s+de\s+dados|csv|pdf)",
           rf"(?:meu|minha|meus|minhas|nosso|nossa)\s+(?:{_HELD_PT})",
           r"(?:arquivo|ficheiro|documento|relat[oó]rio|c[oó]digo|pdf|csv)\s+(?:anexad[oa]|"
           r"anex[oa]|enviad[oa]|carregad[oa]|fornecid[oa])"),
    "fr": (rf"(?:ce|cet|cette|ces)\s+(?:{_HELD_FR}|fichier|document|journal|journaux|script|"
           r"rapport|contrat|projet|runbook|proc[eé]dure|tableur|classeur|jeu\s+de\s+donn[eé]es|"
           r"csv|pdf)",
           rf"(?:mon|ma|mes|notre|nos)\s+(?:{_HELD_FR})",
           r"(?:fichier|document|rapport|code|pdf|csv)\s+(?:joint|ci-joint|t[eé]l[eé]vers[eé]|"
           r"fourni|envoy[eé])|pi[eè]ce\s+jointe"),
    "de": (rf"(?:diese[mnrs]?)\s+(?:{_HELD_DE}|datei|dokument|logdatei|skript|bericht|vertrag|"
           r"projekt|runbook|tabelle|datensatz|csv|pdf)\w*",
           rf"(?:mein(?:e[mnrs]?)?|unser(?:e[mnrs]?)?)\s+(?:{_HELD_DE})",
           r"(?:angeh[aä]ngt|beigef[uü]gt|hochgeladen|bereitgestellt)e[nrs]?\s+\w+"),
    "it": (rf"(?:questo|questa|questi|queste)\s+(?:{_HELD_IT}|file|documento|script|rapporto|"
           r"report|contratto|progetto|runbook|foglio\s+di\s+calcolo|dataset|csv|pdf)",
           rf"(?:il\s+mio|la\s+mia|i\s+miei|mio|mia|nostro|nostra)\s+(?:{_HELD_IT})",
           r"(?:file|documento|rapporto|codice|pdf|csv)\s+(?:allegat[oi]|caricat[oi]|"
           r"fornit[oi])|l'allegato"),
    "vi": (r"(?:đo[aạ]n\s+m[aã]|m[aã]\s+ngu[oồ]n|t[eệ]p|file|t[aà]i\s+li[eệ]u|kho\s+m[aã]|"
           r"d[uự]\s+[aá]n|b[aả]n\s+v[aá]|diff|pr|runbook|nh[aậ]t\s+k[yý]|b[aá]o\s+c[aá]o|"
           r"h[oợ]p\s+đ[oồ]ng|b[aả]ng\s+t[ií]nh)\s+(?:n[aà]y|đ[ií]nh\s+k[eè]m|"
           r"đ[uư][oợ]c\s+t[aả]i\s+l[eê]n)",
           r"(?:đo[aạ]n\s+m[aã]|m[aã]\s+ngu[oồ]n|kho\s+m[aã]|b[aả]n\s+v[aá]|diff|pr|"
           r"nh[aậ]t\s+k[yý])\s+c[uủ]a\s+(?:t[oô]i|ch[uú]ng\s+t[oô]i)"),
    "tr": (r"(?:bu|ekteki|y[uü]klenen|y[uü]kledi[gğ]im)\s+(?:diff|yama\w*|kod\w*|dosya\w*|"
           r"belge\w*|dok[uü]man\w*|depo\w*|pr(?!\w)|log\w*|betik\w*|rapor\w*|s[oö]zle[sş]me\w*|"
           r"proje\w*|runbook|tablo\w*|csv|pdf)",
           r"(?:kodum|depom|yamam|loglar[iı]m)\w*"),
}

# Searching the web: the prompt needs the network ("busca en internet", "在网上搜索").
WEB_SEARCH: Table = {
    "zh": (r"(?:在|上)?(?:网上|網上|网络上|網路上|互联网上|網際網路上)(?:搜索|搜尋|查找|查询|查詢)|"
           r"联网(?:搜索|查询)|聯網(?:搜尋|查詢)",),
    "ja": (r"(?:ウェブ|ネット|インターネット|オンライン)(?:で|上で)?(?:検索|調べ)",),
    "ko": (r"(?:웹|인터넷|온라인)(?:에서)?\s*(?:검색|찾아)",),
    "ru": (r"(?:поищи|найди|ищи|посмотри|поиск)\w*\s+(?:\w+\s+)?в\s+(?:интернете|сети|гугле)|"
           r"загугли\w*",),
    "es": (r"(?:busca|buscar|b[uú]squeda|investiga)\w*\s+(?:\w+\s+)?en\s+(?:internet|la\s+web|"
           r"google|l[ií]nea)",),
    "pt": (r"(?:pesquis|busqu|procur)\w*\s+(?:\w+\s+)?na\s+(?:internet|web)",),
    "fr": (r"(?:cherche|recherche)\w*\s+(?:\w+\s+)?sur\s+(?:internet|le\s+web|google|le\s+net)",),
    "de": (r"(?:such|recherchier)\w*\s+(?:\w+\s+)?im\s+(?:internet|web|netz)",),
    "it": (r"(?:cerca|ricerca)\w*\s+(?:\w+\s+)?(?:su|in|sul)\s+(?:internet|web|google)",),
    "vi": (r"(?:t[iì]m\s+ki[eế]m|tra\s+c[uứ]u|t[iì]m)\s+(?:\w+\s+)?tr[eê]n\s+(?:m[aạ]ng|"
           r"internet|web|google)",),
    "tr": (r"(?:internette|webde|google'?da|[cç]evrimi[cç]i)\s+ara\w*",),
}

# A criterion that the work searched for something and got it ("成功搜索并获取《X》全文",
# "検索して取得"): with nothing staged, only the live web gives it.
FETCHED_BY_SEARCH: Table = {
    "zh": (r"(?:搜索|搜尋|检索|檢索)(?:并|並|后|後|到)?(?:获取|獲取|下载|下載|拿到|取得)|"
           r"上网(?:搜|查)|上網(?:搜|查)|在线(?:搜索|查找|获取)|線上(?:搜尋|查詢)",),
    "ja": (r"検索して(?:取得|ダウンロード)",),
}

# The word before a quoted operand that denies it ("does not contain 'X'"), and the word
# after one, where the verb comes last (Japanese, Korean, Turkish).
NOT_CONTAINS_BEFORE: Table = {
    "zh": (r"(?:不应|不應|不得|不能|不可|不会|不會|绝不|絕不|决不|決不)\s*(?:包含|包括|含有|出现|"
           r"出現|使用)|不(?:包含|包括|含有|含|出现|出現|使用)|没有|沒有|禁止(?:出现|出現|使用)?",),
    "ru": (r"не\s+(?:должен\s+|должна\s+|должно\s+|должны\s+)?(?:содерж\w+|включа\w+|"
           r"использ\w+|упомина\w+)|никогда\s+не\s+(?:содерж\w+|включа\w+|использ\w+|"
           r"упомина\w+)|без",),
    "es": (r"no\s+(?:debe\s+|deber[ií]a\s+)?(?:contiene|contener|incluye|incluir|usa|usar|"
           r"menciona|mencionar)|nunca\s+(?:contiene|incluye|usa|menciona)|sin",),
    "pt": (r"n[aã]o\s+(?:deve\s+|deveria\s+)?(?:cont[eé]m|conter|inclui|incluir|usa|usar|"
           r"menciona|mencionar)|nunca\s+(?:cont[eé]m|inclui|usa|menciona)|sem",),
    "fr": (r"(?:ne\s+|n')(?:doit\s+)?(?:contient|inclut|utilise|mentionne)\s+(?:pas|jamais)"
           r"(?:\s+(?:de|d'))?|(?:ne\s+)?doit\s+(?:pas|jamais)\s+(?:contenir|inclure|utiliser|"
           r"mentionner)|sans",),
    "de": (r"(?:enth[aä]lt|verwendet|nutzt|erw[aä]hnt|beinhaltet)\s+(?:nicht|nie|niemals|"
           r"kein(?:e[nrs]?)?)|(?:darf|soll)\s+(?:nicht|nie|kein(?:e[nrs]?)?)\s+"
           r"(?:enthalten|verwenden|nutzen|erw[aä]hnen)|ohne",),
    "it": (r"non\s+(?:deve\s+|dovrebbe\s+)?(?:contiene|contenere|include|includere|usa|usare|"
           r"menziona|menzionare)|(?:non\s+)?(?:contiene|usa|menziona)\s+mai|senza",),
    "vi": (r"kh[oô]ng\s+(?:đ[uư][oợ]c\s+)?(?:ch[uứ]a|bao\s+g[oồ]m|d[uù]ng|s[uử]\s+d[uụ]ng|"
           r"nh[aắ]c\s+đ[eế]n|c[oó])",),
}
NOT_CONTAINS_AFTER: Table = {
    "zh": (r"(?:不应|不應|不得|不能|不可)\s*(?:出现|出現)|不(?:出现|出現)",),
    "ja": (r"(?:を|が|は)?\s*(?:含まない|含まれない|含んでいない|含まれていない|含めない|"
           r"使わない|使用しない|出てこない)(?:こと)?",),
    "ko": (r"(?:을|를|이|가|은|는)?\s*(?:포함하지\s*않|포함되지\s*않|사용하지\s*않|언급하지\s*않)"
           r"[가-힣]*",),
    "tr": (r"(?:i|ı|u|ü|yi|yı|yu|yü)?\s*(?:i[cç]ermez|i[cç]ermemeli|i[cç]ermiyor|"
           r"kullanmaz|kullanmamal[iı])\w*",),
}
CONTAINS_BEFORE: Table = {
    "zh": (r"包含|包括|含有",), "ru": (r"содерж\w+|включа\w+",),
    "es": (r"contiene|incluye",), "pt": (r"cont[eé]m|inclui",),
    "fr": (r"contient|inclut",), "de": (r"enth[aä]lt|beinhaltet",),
    "it": (r"contiene|include",), "vi": (r"ch[uứ]a|bao\s+g[oồ]m",),
}
CONTAINS_AFTER: Table = {
    "ja": (r"(?:を|が)?\s*(?:含む|含まれる|含んでいる|含まれている)(?:こと)?",),
    "ko": (r"(?:을|를|이|가)?\s*(?:포함한다|포함함|포함됨|포함되어\s*있다|포함)[가-힣]*",),
    "tr": (r"(?:i|ı|u|ü|yi|yı|yu|yü)?\s*(?:i[cç]erir|i[cç]ermeli|i[cç]eriyor)\w*",),
}
# Between the verb and its operand: "no contiene la palabra 'X'", "不包含词语“X”".
OPERAND_NOUN: Table = {
    "zh": (r"(?:词语|詞語|字样|字樣|字符串|短语|短語|单词|單詞|文字)",),
    "ja": (r"(?:という)?(?:語|単語|文字列|表現|言葉|フレーズ)",),
    "ko": (r"(?:라는\s*)?(?:단어|문구|문자열|표현)",),
    "ru": (r"(?:слов\w*|фраз\w*|строк\w*|выражени\w*|текст\w*)",),
    "es": (r"(?:la\s+|el\s+)?(?:palabra|frase|cadena|texto|t[eé]rmino|expresi[oó]n)",),
    "pt": (r"(?:a\s+|o\s+)?(?:palavra|frase|cadeia|texto|termo|express[aã]o)",),
    "fr": (r"(?:le\s+|la\s+|l')?(?:mot|phrase|cha[iî]ne|texte|terme|expression)",),
    "de": (r"(?:das\s+|den\s+|die\s+)?(?:wort|phrase|zeichenkette|text|begriff|ausdruck)",),
    "it": (r"(?:la\s+|il\s+|l')?(?:parola|frase|stringa|testo|termine|espressione)",),
    "vi": (r"(?:t[uừ]|c[uụ]m\s+t[uừ]|chu[oỗ]i|v[aă]n\s+b[aả]n)",),
}
# Between two operands: "ni 'X' ni 'Y'", "'X' または 'Y'", "'X'、'Y'".
OPERAND_JOIN: Table = {
    "zh": (r"[,，、/]|或者?|和|及|与|與",), "ja": (r"[,，、/]|または|や|と|か",),
    "ko": (r"[,，、/]|또는|및|나|와|과|이나",),
    "ru": (r"[,/]|или|и|ни",), "es": (r"[,/]|ni|o|u|y|e",), "pt": (r"[,/]|nem|ou|e",),
    "fr": (r"[,/]|ni|ou|et",), "de": (r"[,/]|noch|oder|und",), "it": (r"[,/]|n[eé]|o|e",),
    "vi": (r"[,/]|ho[aặ]c|v[aà]",), "tr": (r"[,/]|veya|ya\s+da|ve",),
}

# An item its author marks optional, at the head of the statement.
OPTIONAL: Table = {
    # "May mention AI search as one factor": a permission, at the head, is no requirement
    "en": (r"optionally\b|\(optional\)|optional\s*[:\-\u2013\u2014]|"
           r"(?:can|could)\s+(?:also\s+)?(?:optionally\s+)?(?:briefly\s+)?(?:mention|"
           r"provide|include|suggest|note|add|reference|offer|discuss|touch\s+on|ask)\b|"
           # "May" heading an item grants whatever verb follows ("May calculate the actual
           # contrast ratio"); "may not" forbids
           r"may\s+(?!not\b|never\b)(?:also\s+)?(?:optionally\s+)?(?:briefly\s+)?[a-z]+\b|"
           r"(?:nice[\s-]to[\s-]have|bonus)\s*[:\-\u2013\u2014]|\((?:nice[\s-]to[\s-]have|bonus)\)",),
    "zh": (r"[(（]?(?:可选|可選|选做|選做|加分项|加分項|非必需|非必须|非必須|锦上添花|錦上添花)"
           r"(?:[)）]|\s*[:：\-—]|地)",),
    "ja": (r"[(（]?(?:任意|オプション|ボーナス|加点|できれば|あれば尚可|あれば望ましい)"
           r"(?:[)）]|\s*[:：\-—]|で)",),
    "ko": (r"[(（]?(?:선택\s*사항|선택|보너스|가산점|있으면\s*좋음)(?:[)）]|\s*[:：\-—]|적으로)",),
    "ru": (r"(?:необязательно|опционально|желательно|по\s+желанию)(?:\s*[:\-\u2013\u2014]|\s)"
           r"|\((?:необязательно|опционально|по\s+желанию|бонус)\)|бонус\s*[:\-\u2013\u2014]",),
    # "Puede mencionar ...", "Pode incluir ...": a permission at the head, as "May ..."
    "es": (r"opcionalmente\b|\((?:opcional|deseable|extra|bonus)\)|"
           r"(?:opcional|deseable|extra|bonus|punto\s+extra)\s*[:\-\u2013\u2014]|"
           # (only a verb of adding to the answer: "Puede identificar ..." is an ability graded)
           r"puede(?:n)?\s+(?:tambi[eé]n\s+)?(?:mencionar|incluir|a[nñ]adir|agregar|sugerir|"
           r"citar|usar|ofrecer|proponer|preguntar|recomendar|dar|aportar|proporcionar|"
           r"se[nñ]alar|comentar|referenciar|anotar)\b",),
    "pt": (r"opcionalmente\b|\((?:opcional|desej[aá]vel|extra|b[oô]nus)\)|"
           r"(?:opcional|desej[aá]vel|extra|b[oô]nus)\s*[:\-\u2013\u2014]|"
           r"pode(?:m)?\s+(?:tamb[eé]m\s+)?(?:mencionar|incluir|adicionar|acrescentar|sugerir|"
           r"citar|usar|oferecer|propor|perguntar|recomendar|dar|fornecer|apontar|comentar|"
           r"referenciar)\b",),
    "fr": (r"(?:optionnellement|facultativement)\b|\((?:optionnel(?:le)?|facultati(?:f|ve)|"
           r"bonus)\)|(?:optionnel(?:le)?|facultati(?:f|ve)|bonus|un\s+plus)\s*[:\-\u2013\u2014]",),
    "de": (r"\((?:optional|w[uü]nschenswert|bonus)\)|(?:optional|w[uü]nschenswert|bonus|"
           r"freiwillig)\s*[:\-\u2013\u2014]",),
    "it": (r"(?:opzionalmente|facoltativamente)\b|\((?:opzionale|facoltativo|bonus)\)|"
           r"(?:opzionale|facoltativo|gradito|bonus)\s*[:\-\u2013\u2014]",),
    "vi": (r"\((?:t[uù]y\s+ch[oọ]n|kh[oô]ng\s+b[aắ]t\s+bu[oộ]c|đi[eể]m\s+c[oộ]ng)\)|"
           r"(?:t[uù]y\s+ch[oọ]n|kh[oô]ng\s+b[aắ]t\s+bu[oộ]c|đi[eể]m\s+c[oộ]ng)\s*[:\-\u2013\u2014]",),
    "tr": (r"\((?:iste[gğ]e\s+ba[gğ]l[iı]|opsiyonel|bonus)\)|(?:iste[gğ]e\s+ba[gğ]l[iı]|"
           r"opsiyonel|bonus)\s*[:\-\u2013\u2014]",),
}

# ...or at the end, where these languages say it: "...考慮されることが望ましい" (it is desirable
# that), "...を使う案も可" (that plan is also acceptable), "X is also acceptable": a wish or an
# allowance, no requirement.
OPTIONAL_END: Table = {
    "en": (r"(?:is|are)\s+(?:also\s+)?(?:acceptable|fine|ok(?:ay)?|a\s+plus|welcome|"
           r"allowed)|,?\s*(?:ideally|if\s+possible)|\((?:optional|nice[\s-]to[\s-]have|"
           r"bonus)\)",),
    "ja": (r"(?:ことが|のが|と)?望ましい|(?:も|でも)(?:可|よい|良い|OK|構わない)|尚可",),
    "zh": (r"(?:为佳|為佳|亦可|也可以?|更佳)",),
    "ko": (r"(?:것이\s*)?바람직하다|바람직함|도\s*(?:가능|허용|괜찮음|괜찮다)",),
}

# Words beside a server's plain name that say it is the server ("the github server").
SERVER_WORDS: Table = {
    "zh": (r"服务器|伺服器|服務器|工具",), "ja": (r"サーバー?|ツール",), "ko": (r"서버|도구|툴",),
    "ru": (r"сервер\w*|инструмент\w*",), "es": (r"servidor\w*|herramienta\w*",),
    "pt": (r"servidor\w*|ferramenta\w*",), "fr": (r"serveur\w*|outils?",),
    "de": (r"server|werkzeug\w*|tools?",), "it": (r"server|strumento|strumenti",),
    "vi": (r"m[aá]y\s+ch[uủ]|c[oô]ng\s+c[uụ]",), "tr": (r"sunucu\w*|ara[cç]\w*",),
}

# A verb that hands a link over to be read ("résume https://...").
READ_CUE: Table = {
    "zh": (r"阅读|閱讀|读取|讀取|总结|總結|概括|分析|查看|参考|參考|根据|根據|抓取|访问|訪問|"
           r"获取|獲取|审计|審計|审查|審查|检查|檢查|评估|評估|诊断|診斷|爬取|还原|還原|复刻|復刻|"
           r"对照|對照|"
           # a page pointed at to be turned into something ("把这个网页 https://... 导出成 PDF")
           r"(?:把|将|將)(?:这个|這個|该|該)?(?:网页|網頁|页面|頁面|链接|鏈接)",),
    "ja": (r"読んで|読み|要約|まとめ|分析|参照|確認して|に基づいて|取得|監査|診断|評価",),
    "ko": (r"읽고|읽어|요약|분석|참고|확인|바탕으로|가져와|검토|감사|진단|평가",),
    "ru": (r"прочитай\w*|прочти|изучи\w*|проанализируй\w*|резюмируй\w*|кратко\s+изложи|"
           r"открой|посмотри|на\s+основе|по\s+ссылке",),
    "es": (r"lee|leer|resume|resumir|analiza|analizar|revisa|revisar|consulta|basado\s+en|"
           r"bas[aá]ndote\s+en|visita|abre",),
    "pt": (r"leia|ler|resuma|resumir|analise|analisar|revise|consulte|com\s+base\s+em|"
           r"visite|abra",),
    "fr": (r"lis|lire|r[eé]sume|r[eé]sumer|analyse|analyser|consulte|consulter|"
           r"en\s+te\s+basant\s+sur|[aà]\s+partir\s+de|visite|ouvre",),
    "de": (r"lies|lesen|fasse\s+\w*\s*zusammen|zusammenfassen|analysiere|pr[uü]fe|"
           r"basierend\s+auf|besuche|[oö]ffne",),
    "it": (r"leggi|leggere|riassumi|riassumere|analizza|analizzare|consulta|basandoti\s+su|"
           r"visita|apri",),
    "vi": (r"đ[oọ]c|t[oó]m\s+t[aắ]t|ph[aâ]n\s+t[ií]ch|xem|d[uự]a\s+tr[eê]n|truy\s+c[aậ]p",),
    # (Turkish is bounded on the left only: its short verbs end here, "ac" is no "access")
    "tr": (r"oku(?:r|yun|yup)?(?!\w)|[oö]zetle\w*|analiz\s+et\w*|incele\w*|"
           r"g[oö]z\s+at(?!\w)|temel\s+alarak|a[cç](?:[iı]n|[iı]p)?(?!\w)",),
}


# A named platform's live content searched, looked up or downloaded (issue 26, rule 6,
# EV014; runner.authoring.web_reach): a verb of searching or fetching, then the platform by
# its capitalised name after "on"/"from" ("Search for 'Clean Code' on Z-Library", "look up
# reviews of X on G2"), or before the content it holds ("find the latest Reddit threads");
# in Chinese the platform before 上/里 and the content after, or a title in 「」 after a
# source ("搜索微信公众号「人民日报」"). A launch, a listing, an ad "on Product Hunt" is no
# search of its content; a name of the week or the month is no platform.
_PLATFORM = (r"(?-i:(?!(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|January|"
             r"February|March|April|May|June|July|August|September|October|November|"
             r"December|I|The|This|That|Line|Page|Step|Section)\b)[A-Z][A-Za-z0-9]*"
             r"(?:[-.][A-Z0-9][A-Za-z0-9]*)*(?:\s+[A-Z][a-z0-9]+)?)")
_CONTENT = (r"(?:threads?|posts?|articles?|reviews?|videos?|tweets?|comments?|discussions?|"
            r"books?|papers?|listings?|news|mentions?|answers?|questions?|pins?|reels?|"
            r"stories|repos|repositories|products?|ratings?|jobs|profiles?|results?|"
            r"releases?|issues?|episodes?|podcasts?|trends?|hashtags?)")
_FRESH = r"(?:(?:the\s+)?(?:latest|recent|top|newest|current|trending|popular|best)\s+)?"
_ZH_LOCAL = (r"(?!代码|代碼|文件|檔案|项目|項目|目录|目錄|仓库|倉庫|日志|日誌|本地|文档|文檔|"
             r"数据库|表格)")
PLATFORM_SEARCH: Table = {
    "en": (rf"(?:search|searches|searching|look\s+up|looks\s+up|find|finds|pull|fetch|"
           rf"download|downloads|scrape|scrapes|browse|collect|gather|dig\s+up|track\s+down)"
           rf"\s+(?:for\s+)?{_FRESH}(?:[^.?!;\n]{{0,60}}?\s)?{_CONTENT}\b[^.?!;\n]{{0,60}}?"
           rf"\s(?:on|from)\s+{_PLATFORM}",
           rf"(?:search|searches|searching|download|downloads|scrape|scrapes|browse)\s+"
           rf"(?:for\s+)?[^.?!;\n]{{0,60}}?\s(?:on|from)\s+{_PLATFORM}(?!\s*\.\w)",
           rf"(?:search|look\s+up|find|pull|fetch|scrape|browse|collect|gather)\s+(?:for\s+)?"
           rf"{_FRESH}{_PLATFORM}\s+{_CONTENT}\b"),
    "zh": (rf"(?:搜索|搜尋|搜一下|查找|查一下|检索|檢索|下载|下載|获取|獲取|抓取|爬取|找)(?:一下)?"
           rf"在?{_ZH_LOCAL}[^\s，。！？、「」\n]{{2,10}}?(?:上|里|裡)(?:关于|關於|的)"
           r"[^，。！？\n]{0,30}?(?:文章|帖子|视频|視頻|笔记|筆記|书|書|评论|評論|回答|新闻|"
           r"新聞|讨论|討論|推文|动态|動態)",
           rf"(?:搜索|搜尋|搜一下|查找|检索|檢索|下载|下載)(?:一下)?{_ZH_LOCAL}"
           r"[^\s，。！？、「」\n]{2,12}「[^」\n]+」",
           rf"在{_ZH_LOCAL}[^\s，。！？、「」\n]{{2,10}}(?:上|里|裡)(?:搜索|搜尋|搜|查找|检索|檢索)"),
    "es": (r"(?:busc|encuentr|descarg)\w*\s+(?:[^.?!;\n]{0,40}?\s)?(?:rese[ñn]as|art[ií]culos|"
           r"publicaciones|hilos|v[ií]deos|libros?|noticias|comentarios|opiniones)\b"
           rf"[^.?!;\n]{{0,40}}?\s(?:en|de)\s+{_PLATFORM}",),
    "fr": (r"(?:cherch|recherch|trouv|t[eé]l[eé]charg)\w*\s+(?:[^.?!;\n]{0,40}?\s)?(?:avis|"
           r"articles|publications|fils|vid[eé]os|livres?|actualit[eé]s|commentaires)\b"
           rf"[^.?!;\n]{{0,40}}?\s(?:sur|de)\s+{_PLATFORM}",),
}
# A domain's registration asked about, beside a host or the word for a domain (English is
# read in runner.authoring.web_reach, where "available in 5 languages" is told apart).
DOMAIN_FREE: Table = {
    "zh": (r"(?:能否|能不能|可否|是否|有没有被|有沒有被|已经被|已經被|已被|还没被|還沒被|可以)"
           r"(?:被)?(?:注册|註冊|抢注|搶註)|(?:是否|还|還)?可用吗|(?:是否|还|還)可用",),
    "ja": (r"空いて(?:いる|います|る)|取得(?:可能|できる|できます)|登録(?:済み|されて|可能)",),
    "es": (r"(?:est[aá]n?|sigue[n]?)\s+(?:a[uú]n\s+)?(?:disponibles?|libres?|registrad[oa]s?)"
           r"|disponibilidad\s+del?\s+dominio",),
    "pt": (r"(?:est[aá]|est[aã]o)\s+(?:ainda\s+)?(?:dispon[ií]ve(?:l|is)|livres?|registrad[oa]s?)"
           r"|disponibilidade\s+do\s+dom[ií]nio",),
    "fr": (r"(?:est|sont)\s+(?:encore\s+)?(?:disponibles?|libres?|pris|enregistr[ée]s?)"
           r"|disponibilit[ée]\s+du\s+(?:nom\s+de\s+)?domaine",),
    "de": (r"(?:noch\s+)?(?:verf[uü]gbar|vergeben|registriert)\b|Domain-?Verf[uü]gbarkeit",),
    "ru": (r"(?:свобод(?:ен|ны|но)|занят(?:ы|о)?|зарегистрирован\w*)",),
}

def _bounded(lang: str, pattern: str) -> str:
    """`pattern` with the word bounds its language has."""
    if lang in _UNSPACED:
        # no spaces between words, but a Latin word inside the text is still whole: "这个 pr"
        # is not the head of "这个 provider"
        return rf"(?:{pattern})(?:(?<![A-Za-z])|(?![A-Za-z]))"
    if lang in _SUFFIXED:
        return rf"(?<!\w)(?:{pattern})"
    return rf"(?<!\w)(?:{pattern})(?!\w)"


def alternation(table: Table, bounded: bool = True) -> str:
    """Every language's patterns for one concept as one alternation (empty: matches
    nothing)."""
    parts = [_bounded(lang, p) if bounded else f"(?:{p})"
             for lang, patterns in table.items() for p in patterns]
    return "|".join(parts) or r"(?!)"


def compiled(table: Table) -> re.Pattern[str]:
    return re.compile(alternation(table), re.IGNORECASE)


OWN_ACCOUNT_RE = compiled(OWN_ACCOUNT)
OWN_MACHINE_RE = compiled(OWN_MACHINE)
LIVE_DATA_RE = compiled(LIVE_DATA)
LIVE_SOURCE_RE = compiled(LIVE_SOURCE)
POINTED_RE = compiled(POINTED)
OPTIONAL_RE = re.compile(rf"^\s*(?:{alternation(OPTIONAL, bounded=False)})", re.IGNORECASE)
OPTIONAL_END_RE = re.compile(rf"(?:{alternation(OPTIONAL_END, bounded=False)})\s*[.。!！]?\s*$",
                             re.IGNORECASE)
SERVER_WORDS_RE = compiled(SERVER_WORDS)
READ_CUE_RE = compiled(READ_CUE)
WEB_SEARCH_RE = compiled(WEB_SEARCH)
FETCHED_BY_SEARCH_RE = compiled(FETCHED_BY_SEARCH)
PLATFORM_SEARCH_RE = compiled(PLATFORM_SEARCH)
DOMAIN_FREE_RE = compiled(DOMAIN_FREE)

# A quoted operand, in any of the quotes these languages use.
_QUOTED = re.compile(r"'(?P<o1>[^'\n]+)'|\"(?P<o2>[^\"\n]+)\"|`(?P<o3>[^`\n]+)`|“(?P<o4>[^”\n]+)”"
                     r"|‘(?P<o5>[^’\n]+)’|「(?P<o6>[^」\n]+)」|『(?P<o7>[^』\n]+)』"
                     r"|«\s*(?P<o8>[^»\n]+?)\s*»|„(?P<o9>[^“\n]+)“")
_CJK_CHAR = r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]"
# What may stand before the clause in a statement: its subject, three words at most, no
# punctuation ("La respuesta", "回答中", "응답은").
# A word that opens a clause of its own ("explica que ...") makes it no subject.
_CLAUSE_WORD = (r"(?!(?:que|qu'|that|что|чтобы|если|dass|daß|wenn|che|se|si|quand|cuando|"
                r"quando|r[aằ]ng|n[eế]u|ki|e[gğ]er)(?!\w))")
# (a CJK subject may hold one Latin name: "產出的 Mermaid 序列圖")
# (a CJK subject may be a bracketed name and its place: "【最终提示词】里")
_SUBJECT = (rf"(?:(?:{_CLAUSE_WORD}[^\W\d_][\w'’.-]*\s+){{1,3}}?|{_CJK_CHAR}{{1,10}}?\s*"
            rf"|{_CJK_CHAR}{{1,6}}?\s*[A-Za-z][\w.+#-]*\s*{_CJK_CHAR}{{1,6}}?\s*"
            rf"|[【「『《]{_CJK_CHAR}{{1,10}}[】」』》]{_CJK_CHAR}{{0,3}}\s*)?")
_NOUN = alternation(OPERAND_NOUN, bounded=False)
_BEFORE = re.compile(rf"(?P<neg>{alternation(NOT_CONTAINS_BEFORE)})|(?P<pos>"
                     rf"{alternation(CONTAINS_BEFORE)})", re.IGNORECASE)
_AFTER = re.compile(rf"\s*(?:{_NOUN})?\s*(?:(?P<neg>{alternation(NOT_CONTAINS_AFTER)})|(?P<pos>"
                    rf"{alternation(CONTAINS_AFTER)}))", re.IGNORECASE)
_JOIN = re.compile(rf"\s*(?:{alternation(OPERAND_JOIN)})\s*", re.IGNORECASE)
_NOUN_RE = re.compile(rf"\s*(?:{_NOUN})\s*", re.IGNORECASE)
_END = re.compile(r"\s*[.。!！]?\s*$")
_SUBJECT_RE = re.compile(_SUBJECT)
# A verb of saying or showing before a negation makes the negation part of what must be said
# ("明确指出口头约定不能…", "提醒不要…", "Explica por qué no …", "Указывает: не …"): the
# statement requires that saying, so what stands before the negation is no subject of a
# denial. (English keeps its own list in runner.scoring.absence.)
REPORTS: Table = {
    # English too: "Response confirms no X", "Reports no new findings", "States there is no
    # ...": the negation is what must be reported, never a denial by another language's "no"
    "en": (r"(?:says?|said|saying|states?|stated|stating|reports?|reported|reporting|"
           r"confirms?|confirmed|confirming|concludes?|concluded|concluding|explains?|"
           r"explained|explaining|notes?|noted|noting|mentions?|mentioned|mentioning|warns?|"
           r"warned|warning|tells?|told|answers?|answered|clarifies|clarified|finds|found|"
           r"determines?|determined|flags?|flagged|acknowledges?|admits?|indicates?|"
           r"declares?|announces?|replies|replied|responds?|responded|"
           # "Points out no user permission requested": the lack is what must be pointed out
           r"points?\s+out|pointed\s+out|pointing\s+out|calls?\s+out|called\s+out|"
           r"highlights?|highlighted|identifies|identified|observes?|observed|recogni[sz]es|"
           r"emphasi[sz]es|stresses|cautions?)",),
    "zh": (r"指出|指明|说明|說明|解释|解釋|提醒|强调|強調|明确|明確|告知|告诉|告訴|表明|写明|"
           r"寫明|注明|建议|建議|确认|確認|澄清|警告|讲明|講明|承认|承認|认定|認定|判断|判斷|"
           r"识别|識別|区分|區分|询问|詢問|列出|说出|說出|检测|檢測|检查出|檢查出|发现|發現|"
           # (the finding itself, never a time clause, "找出问题后不要…", nor a noun, "找出的")
           r"(?:检出|檢出|查出|找出|诊断出|診斷出)(?!的|[^，。；,;！!？?]{0,24}?(?:后|後|时|時))|"
           # (提示词 "prompt", 报告里 "in the report": nouns a subject holds)
           r"提示(?![词詞语語])|报告(?![里裡中内內])|報告(?![里裡中内內])|标出|標出|标记|標記|"
           r"要求",),
    # (verb forms only: "ответ", "сообщение", "informe", "rappel" are nouns a subject holds)
    "ru": (r"(?:указыва|объясня|объясн[иё]|поясня|поясн[иё]|напомина|напомн|сообща|сообщ[иа]т|"
           r"отмеча|отметит|подчеркива|подчеркн|уточня|уточн[иё]|предупрежда|предупред|"
           r"говор[ия]т|сказа|призна[её]т|рекоменду|советует|посоветует|разъясня|отвеча|"
           r"констатиру)\w*",),
    "es": (r"(?:explic|señala|mencion|afirma|advier|advert|recuerd|aclar|respond|precis|"
           r"destac|recomiend|recomend|sugier|suger|subray|enfatiz|reconoc|identific)\w*|"
           r"indica|indican|indicar|informa|informan|informar|dice|dicen|decir|diciendo",),
    "pt": (r"(?:explic|sinaliz|mencion|afirma|advert|alert|lembr|esclarec|respond|precis|"
           r"destac|recomend|suger|sublinh|enfatiz|reconhe[cç]|identific|aponta)\w*|"
           r"indica|indicam|indicar|informa|informam|informar|diz|dizem|dizer|dizendo",),
    "fr": (r"(?:expliqu|indiqu|mentionn|affirm|avert|pr[eé]cis|r[eé]pond|soulign|recommand|"
           r"sugg[eè]r|insist|reconna[iî]|identifi|clarifi)\w*|signale|signalent|signaler|"
           r"rappelle|rappellent|rappeler|informe|informent|informer|dit|disent|dire|disant",),
    "de": (r"(?:erkl[aä]r|erl[aä]uter|hinweis|betont|betonen|warnt|warnen|erw[aä]hn|klarstell|"
           r"empfiehlt|empfehl|antwortet|begr[uü]nd|erinnert|informiert|unterscheid|"
           r"identifiziert|best[aä]tigt)\w*|weist|nennt|sagt|stellt\s+klar|gibt\s+an",),
    "it": (r"(?:spieg|segnal|menzion|afferm|avvert|ricord|chiar|rispond|precis|sottoline|"
           r"raccomand|sugger|evidenz|riconosc|identific)\w*|indica|indicano|indicare|"
           r"informa|informano|informare|dice|dicono|dire|dicendo",),
}
_REPORTS_RE = compiled(REPORTS)
# A word that opens an embedded question ("检查是否有未提交变更": check whether there are
# uncommitted changes) makes what follows it part of what is asked or checked: a negation
# there ("未提交") is no denial of the work, so what stands before it is no subject.
# (Other languages' "si", "ob", "whether" are in _CLAUSE_WORD.)
WHETHER: Table = {
    "zh": (r"是否|是不是|有没有|有沒有|能否|可否|会不会|會不會",),
}
_WHETHER_RE = re.compile(alternation(WHETHER, bounded=False))
# A subject never ends with a word that joins or governs a noun phrase: a conjunction
# ("云端文件和不安全的链接进入 hold": files and unsafe links) or the marker of an object put
# before its verb ("将未缓存输入算为…", "把不需要的记录为…"): the negation after it is
# inside that noun phrase, no denial of the work.
# Nor with a verb whose object is what is wrong ("指正不符 RESTful 原則的設計", "找出不一致的
# 欄位", "标出未处理的异常"): the agent must point it out, a demand, not a denial.
_NOT_A_SUBJECT_END = re.compile(r"(?:和|与|與|及|或|把|将|將|对|對|被|给|給|"
                                r"指正|指出|找出|标出|標出|纠正|糾正|修正|修复|修復|识别|識別|"
                                r"检查出|檢查出|列出|挑出|揪出|标记|標記|报告|報告)\s*$")


def _operands(text: str, at: int) -> tuple[list[str], int]:
    """The quoted operands from `at` on, joined by "or", "and", commas; and where they end."""
    found: list[str] = []
    while True:
        match = _QUOTED.match(text, at)
        if match is None:
            return found, at
        found.append(next(g for g in match.groups() if g is not None))
        at = match.end()
        join = _JOIN.match(text, at)
        if join is None or _QUOTED.match(text, join.end()) is None:
            return found, at
        at = join.end()


def _verb_first(text: str, start: int) -> tuple[bool, list[str]] | None:
    verb = _BEFORE.match(text, start)
    if verb is None or not verb.group(0):
        return None
    at = verb.end()
    noun = _NOUN_RE.match(text, at)
    at = noun.end() if noun else at + (text[at:at + 1] == " ")
    operands, at = _operands(text, at)
    if not operands or not _END.match(text, at):
        return None
    return verb.group("neg") is not None, operands


def _verb_last(text: str, start: int) -> tuple[bool, list[str]] | None:
    operands, at = _operands(text, start)
    verb = _AFTER.match(text, at) if operands else None
    if verb is None or not _END.match(text, verb.end()):
        return None
    return verb.group("neg") is not None, operands


# A frame of time before the clause ("在用户确认前", "在获得确认之前，"): when the clause holds,
# never what it reports (its 确认 is the user's), so the clause starts after it.
_FRAME = re.compile(rf"在{_CJK_CHAR}[^，,。；;]{{0,20}}?(?:之前|以前|之后|以后|前|后|後|时|時)"
                    r"\s*[，,]?\s*")
# A subject naming a term in Latin letters before its Chinese words ("Docs/notes.md 和临时截图",
# "README 文件"): one token, a path or a name, then the words.
# (the term is a name, never a verb of saying: "notes" in a path reports nothing)
_TERMED_SUBJECT = re.compile(rf"[A-Za-z][\w./@-]*\s*(?P<words>{_CJK_CHAR}{{1,10}}\s*)")


def _subject(head: str) -> str | None:
    """`head` as a subject: the words a verb of saying would stand in, or None."""
    if _SUBJECT_RE.fullmatch(head):
        return head
    termed = _TERMED_SUBJECT.fullmatch(head)
    return termed.group("words") if termed else None


def _subject_ends(text: str) -> list[int]:
    """Where the clause may start: at once, after a frame of time, or after a short
    subject."""
    frame = _FRAME.match(text)
    starts = [0] + ([frame.end()] if frame else []) + [
        m.end() for m in re.finditer(r"\s+|(?<=" + _CJK_CHAR + ")", text[:40])
        if (said := _subject(text[:m.end()])) is not None
        and not _REPORTS_RE.search(said)
        and not _WHETHER_RE.search(said)
        and not _NOT_A_SUBJECT_END.search(text[:m.end()])]
    return list(dict.fromkeys(starts))


def subject_ends(text: str) -> list[int]:
    """Where a clause of one of these languages may start in `text` ("La respuesta |no
    contiene", "回答中|不包含"): at once, or after a short subject."""
    return _subject_ends(text)


def quoted_clause(text: str, subject: bool = False) -> tuple[bool, list[str]] | None:
    """`text`, whole, as "(does not) contain 'X'" in one of these languages: whether it is
    negated and its operands; None when it is anything else. With `subject`, a short subject
    may stand first ("La respuesta no contiene 'X'")."""
    text = " ".join(text.split())
    for start in _subject_ends(text) if subject else [0]:
        found = _verb_first(text, start) or _verb_last(text, start)
        if found is not None:
            return found
    return None


# A statement that only denies: its negation first (after a short subject, or the verb of a
# verb-second language: "Die Antwort enthält keine ..."), or last where the verb comes last.
DENY_HEAD: Table = {
    # (words that only start with 不 or 未 deny nothing: 不同 "different", 不少 "many",
    # 不断 "steadily", 不过 "but", 不错 "good", 未来 "future", 未知 "unknown")
    # (never in Japanese, whose kana a Chinese sentence has none of: "未確証として区別している"
    # is a noun "unconfirmed", Japanese denies at the end, DENY_TAIL)
    "zh": (r"(?![^，,。；;\n]*[\u3040-\u309f])(?:"
           r"不(?!同(?!意)|少|断|斷|过|過|错|錯|久|仅|僅|但|只是)|没有|沒有|无任何|無任何|"
           # (没 alone before its verb, "没在 prompt 里加", "没写"; never 没落, 没收, 没准)
           r"(?<![沉出埋淹覆吞湮隐隱])[没沒](?!有|落|收|准|準|劲|勁|关系|關係|想到|什么|什麼|"
           r"多久|错|錯)|"
           # (禁止性 is "prohibitive", an adjective: "禁止性条款" names clauses, denies nothing)
           r"绝不|絕不|决不|決不|从不|從不|从未|從未|禁止(?!性)|未(?!来|來|必|知)|"
           # "應避免使用 <br/>": avoiding is not doing, after a modal or none
           # (never heading a noun phrase: "避免问题的方法是...", the way to avoid them)
           r"(?:应该|應該|应当|應當|应|應|须|須|必须|必須)?(?:避免|避開|避开|切勿|勿)"
           r"(?![^，,。；;]{0,10}的(?:方法|方式|办法|辦法|策略|关键|關鍵|原则|原則)))",),
    "ru": (r"не|нет|никогда|без|ни",),
    "es": (r"no|nunca|sin|ning[uú]n|ninguna|jam[aá]s",),
    "pt": (r"n[aã]o|nunca|sem|nenhum|nenhuma|jamais",),
    "fr": (r"ne|n'\w+\s+(?:pas|jamais)|jamais|sans|aucun|aucune|pas\s+de|pas\s+d'\w+",),
    "de": (r"(?:\w+\s+)?(?:kein(?:e[mnrs]?)?|nicht|nie|niemals|ohne)",),
    "it": (r"non|mai|senza|nessun|nessuna|nessuno",),
    "vi": (r"kh[oô]ng|ch[uư]a|tuy[eệ]t\s+đ[oố]i\s+kh[oô]ng",),
}
DENY_TAIL: Table = {
    "ja": (r"(?<!少)(?<!危)(?<!しか)(?:ない|ません|なし|しない|ないこと|しないこと|なかった)",),
    # (past as present: "수정되지 않았다" "was not modified" denies like "않는다")
    "ko": (r"(?:않는다|않음|않습니다|않아야\s*한다|않았다|않았음|않았습니다|없다|없음|없습니다|"
           r"없었다|말\s*것)",),
    "tr": (r"\w*(?:maz|mez|mamal[iı]|memeli|m[iı]yor|m[uü]yor)|yok|de[gğ]il",),
}
_DENY_HEAD_RE = compiled(DENY_HEAD)
# Portuguese's `no`/`na`/`nos`/`nas` are "em" + an article ("no momento" = "at the moment"),
# never a negation (Portuguese denies with "não"): a statement that reads as Portuguese (a
# word or letter no Spanish or English text has: "da", "dos", "ao", "uma", "com", "é",
# "você", "-ção", "ã", "õ") is read without Spanish's heads.
# (a word, never part of an address or a name: "example.com", "da-vinci")
_PORTUGUESE = re.compile(r"(?i)(?<![\w./@-])(?:da|das|dos|ao|aos|à|às|não|nao|uma|umas|com|é|"
                         r"são|pelo|pela|pelos|pelas|você|isso|essa|esse|também)(?![\w./@-])"
                         r"|ção|ções|ões|[ãõ]")
_DENY_HEAD_PT_RE = compiled({k: v for k, v in DENY_HEAD.items() if k != "es"})
_CONTRACTION = re.compile(r"(?i)n[oa]s?\s")


# Words and letters only Spanish writes ("el", "los", "del", "y", "una", "ñ", "-ción"): a
# statement holding one is never read as Portuguese by its case's language.
_SPANISH = re.compile(r"(?i)(?<![\w./@-])(?:el|los|del|al|y|una|unos|unas|pero|muy|hay|es|"
                      r"debe|deben|lo|le|les|sin|con)(?![\w./@-])|ñ|ción|ciones")
# English function words: a statement holding one is English, whatever its case's language.
_ENGLISH = re.compile(r"(?i)(?<![\w./@-])(?:the|and|of|is|are|does|do|should|must|with|not|"
                      r"any|an|in|on|to|for|it|be|has|have)(?![\w./@-])")
# The language of the case a statement belongs to: Portuguese when its other texts (the
# prompt, the other statements, the expected output) read so and none reads as Spanish. A
# short statement of one's own words and loanwords ("Salva o token no cookie") holds no
# function word of its language; the words around it decide.
_CASE_PORTUGUESE: ContextVar[bool] = ContextVar("case_portuguese", default=False)


def reads_portuguese(texts: Iterable[str]) -> bool:
    """Texts of one case that read as Portuguese: some by a word only Portuguese writes, and
    none by a word only Spanish writes."""
    said = [t for t in texts if t and t.strip()]
    return any(_PORTUGUESE.search(t) for t in said) \
        and not any(_SPANISH.search(t) for t in said)


@contextmanager
def case_language(texts: Iterable[str]) -> Iterator[None]:
    """Within it, a statement with no word of its own language is read in its case's
    (`texts`: the case's prompt, statements and expected output)."""
    token = _CASE_PORTUGUESE.set(reads_portuguese(texts))
    try:
        yield
    finally:
        _CASE_PORTUGUESE.reset(token)


def portuguese(text: str) -> bool:
    """The statement reads as Portuguese, by a word or letter only Portuguese writes, or,
    holding no Spanish or English function word, in a case whose other texts read so."""
    if _PORTUGUESE.search(text) is not None:
        return True
    return _CASE_PORTUGUESE.get() and not _SPANISH.search(text) and not _ENGLISH.search(text)


def contraction_first(text: str) -> bool:
    """A Portuguese statement that opens with "no"/"na" ("No momento da compra, ..."): the
    contraction "em o", no English or Spanish "no". By its own words only: "No emojis" opens
    a denial in a Portuguese case too."""
    return _CONTRACTION.match(text) is not None and _PORTUGUESE.search(text) is not None
_DENY_TAIL_RE = re.compile(rf"(?:{alternation(DENY_TAIL)})\s*[.。!！]?\s*$", re.IGNORECASE)
# A second clause the work must show besides: a second sentence, a semicolon, or a word that
# joins a positive clause ("... y explica", "但是 ...").
# (a joining word stands between spaces: "e-mail" and "a" in "No a/b" are no clause)
_AND_BUT = re.compile(r"(?<=\s)(?:y|e|pero|sino|mas|mais|et|und|aber|sondern|\u0438|\u043d\u043e|"
                      r"\u0430|ma|però|v[aà]|nh[uư]ng|ve|ama|ancak)(?=\s)|而且|但是|但|并且|並且|"
                      r"然后|然後|しかし|そして|が、|그리고|하지만|그러나"
                      # 并 / 且 after a comma opens a second verb clause ("…，并说明原因")
                      r"|(?<=[，,])\s*(?:并|並|且|同时|同時)", re.IGNORECASE)
# ...of which the words that only add ("et", "y", "und", "и"): clauses each denying, joined
# by one, deny together ("ne crée aucune branche et ne lance aucun test")
_AND_WORD = re.compile(r"(?<=\s)(?:y|e|et|und|\u0438|ve|v[aà])(?=\s)", re.IGNORECASE)
# (a full stop inside a word is a file's dot, "3ms.md)": no second sentence)
# (a Japanese verb's continuative form before a comma, "を使用し、", "を読んで、", opens a positive
# clause the work must show besides; "せず、" denies it too)
# (a full stop standing alone after a space is a word of code, `git add .` "this folder": a
# sentence's full stop follows its last word)
_MORE = re.compile(rf"[;；](?=\s*\S)|(?<!\s)\.\s+\S|[!?]\s+\S|[。！？]\s*\S"
                   # (an enumeration comma opening a clause of what there is instead:
                   # "不出现孤独标签、只有动作信号" requires the signals)
                   r"|、\s*(?=只有|只用|只保留|仅|僅|而是|而且|并且|並且|但)"
                   r"|(?<=[\u3040-\u30ff\u4e00-\u9fff])(?:し|て|んで)[、,]"
                   # (any godan verb's continuative after its kanji stem: "を置き、", "を使い、",
                   # "を読み、", "を持ち、", "を選び、", "を取り、")
                   r"|(?<=[\u4e00-\u9fff])(?:き|ぎ|ち|び|み|い|り)[、,]"
                   rf"|{_AND_BUT.pattern}", re.IGNORECASE)
# A closing aside in parentheses, the author's reason ("...제거되지 않았다 (여전히 유효한 ...)"):
# the clause before it is the statement.
_ASIDE = re.compile(r"\s*[(（][^()（）]*[)）]\s*$")
# A bracketed span inside the statement (an example, an elided quote "（<!-- ... -->）"): its
# stops end no clause of the statement.
_BRACKETED = re.compile(r"[(（][^()（）]*[)）]")





# A negation in a reason or a condition is no denial of the work: "Since the file is not CSV,
# it should explain how to convert", "X 不在 Y 范围，应提示用户", "Si el archivo no existe,
# informa del error" each require something to be there. A statement is negative only when
# its MAIN clause is negated; the clause a reason or condition opens ends at its first comma,
# and a clause after a comma that a consequence or a requirement opens is the main one.
REASON: Table = {
    "en": (r"since|because|as|if|when|whenever|once|given(?:\s+that)?|now\s+that|in\s+case|"
           r"unless|whereas",),
    "zh": (r"因为|因為|由于|由於|如果|假如|倘若|若|当|當|既然|鉴于|鑒於",),
    "es": (r"como|porque|ya\s+que|puesto\s+que|dado\s+que|si|cuando|al",),
    "pt": (r"como|porque|j[aá]\s+que|visto\s+que|dado\s+que|se|quando|ao",),
    "fr": (r"comme|parce\s+qu(?:e|')|puisqu(?:e|')|si|s'|quand|lorsqu(?:e|')",),
    # "falls" (if), never the English verb of "Falls back to ...", "falls through"
    "de": (r"da|weil|wenn|falls(?!\s+(?:back|through|short|over|off|apart|under|within|"
           r"into|on|out|behind|below|outside|silent)\b)|sobald",),
    "it": (r"poich[eé]|perch[eé]|siccome|dato\s+che|se|quando",),
    "ru": (r"так\s+как|поскольку|потому\s+что|если|когда",),
}
CONSEQUENCE: Table = {
    "en": (r"so|therefore|thus|hence|then|and\s+so|(?:it|they|the\s+\w+|claude|the\s+agent)"
           r"\s+(?:should|must|shall|will|needs?\s+to|has\s+to|is\s+to)",),
    "zh": (r"(?:[^\s，,。；]{0,4}?)(?:所以|因此|因而|于是|於是|则|則|而是|转而|轉而|改为|改為|"
           r"应该|應該|应当|應當|应|應|需要|须|須|必须|必須|要|请|請|会|會|将|將)",),
    "es": (r"as[ií]\s+que|por\s+lo\s+que|por\s+eso|por\s+tanto|entonces|luego|"
           r"(?:\w+\s+){0,2}?(?:debe|deber[ií]a|tiene\s+que|ha\s+de)",),
    "pt": (r"ent[aã]o|portanto|por\s+isso|(?:\w+\s+){0,2}?(?:deve|deveria|tem\s+que)",),
    "fr": (r"donc|alors|(?:\w+\s+){0,2}?(?:doit|devrait)",),
    "de": (r"also|daher|deshalb|dann|(?:\w+\s+){0,2}?(?:soll|sollte|muss)",),
    "it": (r"quindi|perci[oò]|allora|(?:\w+\s+){0,2}?(?:deve|dovrebbe)",),
    "ru": (r"поэтому|значит|тогда|(?:\w+\s+){0,2}?(?:долж\w+|следует)",),
}
_REASON_RE = re.compile(rf"^\s*(?:{alternation(REASON)})", re.IGNORECASE)
_CONSEQUENCE_RE = re.compile(rf"\s*(?:{alternation(CONSEQUENCE)})", re.IGNORECASE)
_COMMA = re.compile(r"[,，、]\s*")


def main_clause(text: str) -> str | None:
    """The main clause of a statement that opens with a reason or a condition ("Since ...,
    it explains X"), or whose clause after a comma opens with a consequence or a requirement
    ("..., so it explains X", "...，应提示用户"): the rest from there; None when it has no
    such clause (its first clause is then its main one)."""
    text = " ".join(text.split())
    commas = list(_COMMA.finditer(text))
    if _REASON_RE.match(text) and commas and text[:commas[0].start()].strip():
        return text[commas[0].end():] or None
    for comma in commas:
        found = _CONSEQUENCE_RE.match(text, comma.end())
        if found is not None and text[found.end():].strip():
            return text[comma.end():]
    return None


# A clause that ends as a condition does ("文件不存在时", "用户未确认的情况下"): what follows its
# comma is the main clause even when it forbids ("…时，不要覆盖").
_CONDITION_END = re.compile(r"(?:时|時|时候|時候|的话|的話|情况下|情況下|之前|之后|之後|以前|"
                            r"以后|以後|場合|とき)\s*[,，、]?\s*$")


def lead_is_condition(text: str, main: str) -> bool:
    """What stands before `main` (the main clause main_clause found in `text`) is a reason or
    a condition ("If the file is missing, ...", "文件不存在时，..."), not a requirement of its
    own ("先回答全国通用规则，再…，不要倒置顺序": the answer must come first)."""
    text = " ".join(text.split())
    lead = text[:len(text) - len(main)] if text.endswith(main) else text
    return bool(_REASON_RE.match(text) or _CONDITION_END.search(lead))


# "Not only ... but": a claim, however it opens.
_NOT_ONLY = re.compile(r"(?<!\w)(?:no\s+s[oó]lo|n[aã]o\s+s[oó]|non\s+solo|pas\s+seulement|"
                       r"nicht\s+nur|не\s+только|kh[oô]ng\s+ch[iỉ])(?!\w)|不仅|不僅|不但|不只|"
                       r"无需|無需|还|還", re.IGNORECASE)


def joins_a_clause(text: str) -> bool:
    """Another language's word joining a second clause ("... y cita la fuente", "No solo
    ...")."""
    text = " ".join(text.split())
    return bool(_AND_BUT.search(text) or _NOT_ONLY.search(text))


# A negation joined by a hyphen to the one word after it is a prefix of that word ("a
# non-empty email", "Non-code kinds", "the clean no-op conclusion"): no denial. A kebab-case
# label ("no-post-without-approval") still denies.
_COMPOUND = re.compile(r"-[^\W\d_]+(?=[\s,.;:!?)]|$)")


# Chinese clauses: a negation inside a condition of time ("CDP 未开启时自动启动": when it is
# not on, start it) denies nothing of the work; a clause with no negation at all beside a
# denied one ("诚实报告…，给出最小可行建议，不假装能行") is a demand the work must show.
_ZH_CLAUSES = re.compile(r"[，,；;。]")
_ZH_CONDITION = re.compile(r"(?:不|没有|沒有|未)[\u4e00-\u9fff\w ]{0,12}?"
                           r"(?:时候|時候|时|時|的话|的話)(?=[\u4e00-\u9fff\w])")
_ZH_DENIAL = re.compile(alternation({"zh": DENY_HEAD["zh"]}, bounded=False))
# ...but a negation opening "在 X 时/前" before its verb denies the act at that time ("未在用户
# 未批准时执行 cleanup": did not run cleanup without approval): the whole act is denied.
_ZH_NOT_WHILE = re.compile(r"(?:未|没有|沒有|从未|從未|不得|不可|不能)在[\u4e00-\u9fff\w ]{1,20}?"
                           r"(?:时候|時候|时|時|之前|以前|前|期间|期間)")
# A verb of finding or telling before the negation: the negation is what it finds or tells
# ("检测 git 不在 PATH": detects that git is not on PATH), a claim the work must show.
_ZH_REPORTS = re.compile(rf"(?<![经經未没沒])(?:{REPORTS['zh'][0]})"
                         r"[^，,；;。不没沒未前后後时時]{1,20}(?:不|没有|沒有|未)")


def _zh_demands(text: str) -> bool:
    """A Chinese statement that asks for something besides (or under) its negation."""
    if not re.search(r"[\u4e00-\u9fff]", text):
        return False
    if _ZH_REPORTS.search(text):
        return True
    if _ZH_CONDITION.search(text) and not _ZH_NOT_WHILE.search(text):
        return True
    clauses = [c.strip() for c in _ZH_CLAUSES.split(text) if c.strip()]
    return len(clauses) > 1 and any(
        len(re.findall(r"[\u4e00-\u9fff]", c)) >= 2 and not _ZH_DENIAL.search(c)
        for c in clauses)


# A Chinese prohibition's head: what follows in its clause ("不应 A 然后 B", "不应编造 X 并顺势
#给建议") is the one act denied, its 然后 / 并且 no second claim.
_ZH_PROHIBITS = re.compile(r"^(?:不应该?|不應該?|不要|不得|不能|不可|禁止|避免|切勿|严禁|嚴禁)")
_ZH_CHAINED = re.compile(r"(?<![，,])(?:然后|然後|并且|並且)")


# A setting's value after its key ("PermitRootLogin no gesetzt": the key is set to no), and a
# German check closing on a participle of saying ("Kein Neustart nötig erwähnt": that no restart
# is needed is mentioned): the "no" / "kein" is what the work must hold, no denial.
_SETTING_VALUE = re.compile(r"\b([A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+)\s+(no|none|off)\b")
_SAID_DE = re.compile(r"(?i)\b(?:erwähnt|genannt|erklärt|empfohlen|beschrieben|angegeben|"
                      r"hingewiesen|dokumentiert|begründet|festgestellt)\W*$")


def denies(statement: str) -> bool:
    """Only says something is not there, in one of these languages."""
    text = _ASIDE.sub("", " ".join(statement.split()).strip())
    text = _SETTING_VALUE.sub(r"\1=\2", text)
    if not text or _NOT_ONLY.search(text) or _zh_demands(text) or _SAID_DE.search(text):
        return False
    # clauses joined by "et", "y", "und" that each deny ("Ne crée aucune branche et ne lance
    # aucune suite de tests"): the whole denies
    parts = _AND_WORD.split(text)
    if len(parts) > 1 and all(p.strip() and denies(p) for p in parts):
        return True
    probe = _ZH_CHAINED.sub("", text) if _ZH_PROHIBITS.match(text) else text
    if _MORE.search(_BRACKETED.sub("()", probe)):
        return False
    if _DENY_TAIL_RE.search(text):
        return True
    heads = _DENY_HEAD_PT_RE if portuguese(text) else _DENY_HEAD_RE
    return any((m := heads.match(text, start)) is not None
               and not _COMPOUND.match(text, m.end()) for start in _subject_ends(text))


# A statement only about the skill firing ("La skill no se activa", "技能不应被触发"): the
# whole statement, a language a pattern; negated when it holds a negation.
FIRING: Table = {
    "zh": (r"(?:该|這個|这个|此)?(?:技能|skill)(?:应该|應該|应当|應當|应|應|会|會|将|將|必须|必須)?"
           r"(?:不|不会|不會|没有|沒有|未|不应|不應)?(?:被)?(?:触发|觸發|激活|启用|啟用|加载|"
           r"載入|调用|調用)",
           # "使用该技能" ("uses the skill"), and nothing more
           r"(?:应该|應該|应|應|会|會|必须|必須)?(?:不|没有|沒有|未|不应|不應)?(?:使用|调用|調用)"
           r"(?:了)?(?:该|這個|这个|此)(?:技能|skill)",
           # the verb first ("仍應觸發全面健檢 skill", "触发该技能"): the skill its object, called
           # by a short description at most
           r"(?:仍然|仍|也|还是|還是)?(?:应该|應該|应当|應當|应|應|会|會|必须|必須)?"
           r"(?:不|没有|沒有|未|不应|不應)?(?:正确|正確|正常|成功|能够|能夠|能|可以|自动|自動)?"
           r"(?:触发|觸發|激活|启用|啟用|加载|載入)(?:了)?"
           r"(?:该|這個|这个|此|本)?\s?(?:the\s+)?(?:[\u4e00-\u9fff]{0,6}|[A-Za-z0-9.:_-]{1,40})\s?"
           r"(?:技能|skill)",),
    "ja": (r"(?:この)?(?:スキル|skill)(?:は|が)?(?:起動|発動|トリガー|読み込み|呼び出し)"
           r"(?:される|する|されない|しない|されません|しません|されるべき(?:ではない)?|"
           r"すべき(?:ではない)?)",),
    "ko": (r"(?:이\s*)?(?:스킬|skill)(?:은|는|이|가)?\s*(?:트리거|활성화|로드|호출)"
           r"(?:된다|되어야\s*한다|됨|되지\s*않는다|되지\s*않아야\s*한다|되지\s*않음|"
           # the active forms ("auto-improve-loop은 트리거하지 않아야 한다")
           r"한다|해야\s*한다|함|하지\s*않는다|하지\s*않아야\s*한다|하지\s*않음)",),
    "ru": (r"(?:этот\s+)?(?:скилл|навык|skill)\s+(?:не\s+)?(?:должен\s+)?(?:не\s+)?"
           r"(?:срабатыва\w*|сработа\w*|активир\w*|загруж\w*|вызыва\w*|запуска\w*)",),
    "es": (r"(?:la\s+|el\s+|esta\s+|este\s+)?(?:skill|habilidad)\s+(?:no\s+)?"
           r"(?:(?:debe|deber[ií]a)\s+)?(?:no\s+)?(?:se\s+)?(?:activa(?:rse)?|dispara(?:rse)?|"
           r"carga(?:rse)?|invoca(?:rse)?)",
           # subject-less, as a check writes it ("Se activa con frases informales"): the
           # reflexive verb, then only what it fires on
           r"(?:no\s+)?se\s+(?:activa|dispara|carga|invoca)(?:\s+(?:con|en|ante|por|cuando|"
           r"para|al|si)\s+(?:\w+\s+){0,2}(?:frases?|preguntas?|peticiones?|solicitudes?|consultas?|mensajes?|prompts?|lenguaje|palabras?|t[eé]rminos?|expresiones?|el\s+usuario|la\s+usuaria|solicitudes?|pedidos?)\b[^.;]{0,60})?",),
    "pt": (r"(?:a\s+|o\s+|esta\s+|este\s+)?(?:skill|habilidade)\s+(?:n[aã]o\s+)?"
           r"(?:(?:deve|deveria)\s+)?(?:n[aã]o\s+)?(?:(?:[eé]|ser)\s+)?(?:ativad[ao]|"
           r"acionad[ao]|carregad[ao]|invocad[ao]|ativa|dispara)",
           r"(?:n[aã]o\s+)?(?:se\s+ativa|[eé]\s+(?:ativad[ao]|acionad[ao])|dispara)(?:\s+"
           r"(?:com|em|ante|por|quando|para|ao|se)\s+(?:\w+\s+){0,2}(?:frases?|perguntas?|pedidos?|solicita[cç][oõ]es|consultas?|mensagens?|prompts?|linguagem|palavras?|termos?|express[oõ]es|o\s+usu[aá]rio)\b[^.;]{0,60})?",),
    "fr": (r"(?:la\s+|le\s+|cette\s+|ce\s+)?(?:skill|comp[eé]tence)\s+(?:ne\s+|n')?"
           r"(?:(?:doit|devrait)\s+)?(?:pas\s+)?(?:se\s+|s')?(?:est\s+|[eê]tre\s+)?(?:pas\s+)?"
           r"(?:d[eé]clench[eé]e?|d[eé]clenche(?:r)?|activ[eé]e?|active(?:r)?|charg[eé]e?|"
           r"invoqu[eé]e?)(?:\s+pas)?",
           r"(?:ne\s+)?se\s+d[eé]clenche(?:\s+pas)?(?:\s+(?:avec|sur|pour|quand|lorsque|"
           r"si|face|d[eè]s)\s+(?:[\w']+\s+){0,2}(?:formulations?|phrases?|questions?|demandes?|requ[eê]tes?|messages?|prompts?|langage|mots?|termes?|expressions?|l'utilisateur)\b[^.;]{0,60})?",),
    "de": (r"(?:der\s+|die\s+|das\s+|dieser\s+|diese\s+)?(?:skill)\s+(?:wird|soll|sollte|darf)\s+"
           r"(?:nicht\s+|nie\s+)?(?:ausgel[oö]st|aktiviert|geladen|aufgerufen)(?:\s+werden)?",
           # "Linux Skill nicht primär zuständig": the skill (by its name) is not the one to
           # answer, said in a check's telegraphic style
           r"(?:der\s+|die\s+|das\s+)?(?:[\w-]+\s+){0,3}?skill\s+(?:ist\s+)?(?:nicht\s+|nie\s+)?"
           r"(?:(?:primär|hauptsächlich|allein)\s+)?zuständig",),
    "it": (r"(?:la\s+|il\s+|questa\s+|questo\s+)?(?:skill|abilit[aà])\s+(?:non\s+)?"
           r"(?:(?:deve|dovrebbe)\s+)?(?:(?:viene|essere)\s+)?(?:si\s+)?(?:attivat[ao]|attiva(?:rsi)?|"
           r"caricat[ao]|invocat[ao])",
           r"(?:non\s+)?si\s+attiva(?:\s+(?:con|su|per|quando|se|davanti)\s+"
           r"(?:[\w']+\s+){0,2}(?:frasi|frase|domande?|richieste?|messaggi|messaggio|prompt|linguaggio|parole?|termini|espressioni|l'utente)\b[^.;]{0,60})?",),
    "vi": (r"(?:k[yỹ]\s+n[aă]ng|skill)\s+(?:n[aà]y\s+)?(?:kh[oô]ng\s+)?(?:n[eê]n\s+)?"
           r"(?:kh[oô]ng\s+)?(?:đ[uư][oợ]c\s+)?(?:k[ií]ch\s+ho[aạ]t|g[oọ]i|t[aả]i)",),
    "tr": (r"(?:bu\s+)?(?:beceri|yetenek|skill)\s+(?:tetiklen|etkinle[sş]|y[uü]klen|"
           r"[cç]a[gğ]r[iı]l)\w*",),
}
_FIRING_RE = re.compile(rf"^(?:{alternation(FIRING, bounded=False)})\s*[.。!！;；,，]?$",
                        re.IGNORECASE)
_FIRING_NEG = re.compile(r"不|没有|沒有|未|ない|ません|않|(?<!\w)(?:не|no|n[aã]o|ne|n'|pas|nicht|"
                         r"nie|non|kh[oô]ng)(?!\w)|(?:ma|me)(?:mal[iı]|meli|z|d[iı]|di)(?!\w)",
                         re.IGNORECASE)


def about_firing(statement: str) -> bool | None:
    """A statement in one of these languages only about the skill firing: True (it fires),
    False (it does not), else None."""
    text = " ".join(statement.split()).strip()
    # the skill called by its name, rewritten "the skill" (runner.authoring.routing)
    text = re.sub(r"^(?i:the)\s+(?=skill)", "", text)
    if not _FIRING_RE.match(text):
        return None
    return not _FIRING_NEG.search(text)


# A criterion grading the agent's plan, choice or reading of the request, not the work
# (runner.authoring.planned): "计划先读取指定文件", "…を読む計画", "Planificó leer ...",
# "将请求识别为设计决策", "決定した", "ui-design 技能被触发". Each pattern is matched on the
# statement's first clause, its own anchors inside: languages that put the verb first
# anchor it after at most a short subject; Japanese, Korean and Turkish put it last.
_SUBJ = r"^(?:[^\W\d_][\w'’-]*\s+){0,3}?"  # "El agente", "L'agent", "Der Agent"
_ZH_SUBJ = r"^[^，,。；;：:]{0,8}?"  # 代理, 智能体, 它, 模型 (or nothing)
PLANNED: Table = {
    "zh": (rf"{_ZH_SUBJ}(?:先|应该?|應該?|会|會)?(?:计划|計劃|计画|打算|准备|準備|决定|決定|"
           r"选择|選擇|选定|選定|提议|提議|拟|擬)",
           rf"{_ZH_SUBJ}(?:将|將|把)?[^，,。；;]{{0,30}}?(?:识别为|識別為|归类为|歸類為|分类为|"
           r"分類為|判断为|判斷為|判定为|判定為|视为|視為|当作|當作|看作|理解为|理解為|认定为|"
           r"認定為)",
           rf"{_ZH_SUBJ}(?:没有|沒有|未|不)(?:默认|默認|假设|假設|擅自|直接套用|急于|急於)",
           r"^(?:已经?|已經)?(?:触发|觸發|调用|調用|选择|選擇|使用|启用|啟用)了?\s*"
           r"(?:该|這個|这个|此)?\s*[\w:-]*\s*(?:技能|skill)\s*[。.！!]?$"),
    "ja": (r"(?:計画|予定|つもり|方針)(?:を立て(?:た|る|ている)|である|です|だ|とした|とする|"
           r"を示した|を示す)?\s*[。.]?$",
           r"(?:を計画|を予定|を選択|を選んだ|を選ぶ|を決定|を提案|と決め|に決め)\w{0,6}\s*[。.]?$",
           r"(?:として(?:扱|分類|識別|認識|判断)|と(?:判断|分類|識別|認識|見な|みな)|に分類)"
           r"\w{0,8}\s*[。.]?$",
           r"^[\w:-]*\s*(?:スキル|skill)\s*(?:を|が)\s*(?:起動|使用|選択|呼び出)\w{0,6}\s*[。.]?$"),
    "ko": (r"(?:계획(?:했다|한다|함|하였다|을\s*세웠다)|하기로\s*(?:했다|함|결정했다)|"
           r"선택(?:했다|함)|결정(?:했다|함)|제안(?:했다|함))\s*[.]?$",
           r"(?:으로|로)\s*(?:분류|판단|간주|취급|식별|인식)(?:했다|한다|함|하였다)\s*[.]?$"),
    "ru": (rf"{_SUBJ}(?:запланировал\w*|планир\w*|намерева\w*|решил\w*|выбрал\w*|"
           r"предложил\w*|классифицировал\w*)(?!\w)",
           rf"{_SUBJ}(?:рассматрива\w*|рассмотрел\w*|определил\w*|распознал\w*|воспринял\w*|"
           r"трактовал\w*)(?!\w)[^.;]{0,80}?(?<!\w)как(?!\w)",
           rf"{_SUBJ}не\s+(?:стал\w*\s+)?(?:по\s+умолчанию|предполага\w*|предположил\w*)"),
    "es": (rf"{_SUBJ}(?:planific\w*|plane[oó]|planea\w*|decidi[oó]|eligi[oó]|propuso|"
           r"clasific\w*|opt[oó]\s+por)(?!\w)",
           rf"{_SUBJ}(?:trat[oó]|identific[oó]|interpret[oó]|consider[oó]|reconoci[oó])(?!\w)"
           r"[^.;]{0,80}?(?<!\w)como(?!\w)",
           rf"{_SUBJ}no\s+(?:asumi[oó]|supuso|recurri[oó]\s+por\s+defecto)(?!\w)"),
    "pt": (rf"{_SUBJ}(?:planej\w*|planeou|decidiu|escolheu|prop[oô]s|classific\w*|"
           r"optou\s+por)(?!\w)",
           rf"{_SUBJ}(?:tratou|identificou|interpretou|considerou|reconheceu)(?!\w)"
           r"[^.;]{0,80}?(?<!\w)como(?!\w)",
           rf"{_SUBJ}n[aã]o\s+(?:assumiu|sup[oô]s|recorreu\s+por\s+padr[aã]o)(?!\w)"),
    "fr": (rf"{_SUBJ}(?:a\s+|avait\s+)?(?:pr[eé]vu|pr[eé]voit|planifi\w*|d[eé]cid[eé]|"
           r"d[eé]cide|choisi|choisit|propos[eé]|propose|class[eé]|classe|opt[eé]\s+pour)(?!\w)",
           rf"{_SUBJ}(?:a\s+)?(?:trait[eé]|traite|identifi[eé]|identifie|interpr[eé]t[eé]|"
           r"consid[eé]r[eé]|reconnu)(?!\w)[^.;]{0,80}?(?<!\w)comme(?!\w)",
           rf"{_SUBJ}n'a\s+pas\s+(?:suppos[eé]|pr[eé]sum[eé])(?!\w)"),
    "de": (rf"{_SUBJ}(?:plante|plant|entschied|w[aä]hlte|klassifizierte|hat\s+[^.;]{{0,60}}?"
           r"(?:geplant|entschieden|gew[aä]hlt|klassifiziert))(?!\w)",
           rf"{_SUBJ}(?:behandelte|identifizierte|interpretierte|erkannte|betrachtete|"
           r"stufte|ordnete)(?!\w)[^.;]{0,80}?(?<!\w)als(?!\w)",
           rf"{_SUBJ}(?:ging|nahm)\s+nicht\s+[^.;]{{0,40}}?(?:aus|an)(?!\w)"),
    "it": (rf"{_SUBJ}(?:ha\s+)?(?:pianificato|pianifica|deciso|decide|scelto|sceglie|"
           r"proposto|propone|classificato|classifica)(?!\w)",
           rf"{_SUBJ}(?:ha\s+)?(?:trattato|identificato|interpretato|considerato|"
           r"riconosciuto)(?!\w)[^.;]{0,80}?(?<!\w)come(?!\w)",
           rf"{_SUBJ}non\s+ha\s+(?:presunto|assunto)(?!\w)"),
    "vi": (rf"{_SUBJ}(?:đ[aã]\s+)?(?:l[eê]n\s+k[eế]\s+ho[aạ]ch|d[uự]\s+đ[iị]nh|"
           r"quy[eế]t\s+đ[iị]nh|ch[oọ]n|đ[eề]\s+xu[aấ]t|ph[aâ]n\s+lo[aạ]i)(?!\w)",
           rf"{_SUBJ}(?:đ[aã]\s+)?(?:x[aá]c\s+đ[iị]nh|coi|xem)(?!\w)[^.;]{{0,80}}?"
           r"(?<!\w)(?:l[aà]|nh[uư])(?!\w)"),
    "tr": (r"(?:planlad[iı]|planl[iı]yor|karar\s+verdi|se[cç]ti|[oö]nerdi|"
           r"s[iı]n[iı]fland[iı]rd[iı])\w*\s*[.]?$",
           r"olarak\s+(?:ele\s+ald[iı]|de[gğ]erlendirdi|tan[iı]mlad[iı]|g[oö]rd[uü])\w*\s*[.]?$"),
}
_PLANNED_RE = re.compile(alternation(PLANNED, bounded=False), re.IGNORECASE)
_PLAN_CLAUSE = re.compile(r"[;；。！!？?]|\.(?:\s|$)")


def about_plan(statement: str) -> bool:
    """A criterion in one of these languages grading what the agent planned, chose or took
    the request to be (or which skill it chose), read on its first clause."""
    flat = " ".join(statement.split()).strip()
    head = _PLAN_CLAUSE.split(flat, maxsplit=1)[0].strip()
    return bool(head) and _PLANNED_RE.search(head) is not None


# The agent ran, used or called something ("使用 download.py", "ejecuta `x.py`", "führt x.py
# aus"): a claim about the tool calls when it names what it ran (runner.scoring.on_calls).
# "usa" is lower-case only: "USA" is a country in an English statement.
RAN_VERB: Table = {
    "zh": (r"使用|调用|調用|运行|運行|执行|執行|启动|啟動|跑了?",),
    "ja": (r"実行|使用|呼び出|起動|使っ|使う|使い|走らせ",),
    "ko": (r"실행|사용|호출",),
    "ru": (r"запуска\w*|запуст\w*|выполн\w*|вызыва\w*|вызва\w*|вызов\w*|использ\w*",),
    "es": (r"ejecut\w*|llam(?:a|ó|o|ar|ando|ado|ada)|invoc\w*|(?-i:usa|us[oó]|usando|usar)|"
           r"utiliz\w*|corre",),
    "pt": (r"execut(?:a|ar|ou|ado|ada|ando)|cham(?:a|ou|ar|ando|ado|ada)|invoc\w*|"
           r"(?-i:usa|usou|usando|usar)|utiliz\w*|roda|rodou|rodar",),
    "fr": (r"ex[eé]cut(?:e|er|é|ée|ent)|lanc(?:e|er|é|ée|ent)|appel(?:le|lent|er|é|ée)|"
           r"invoqu\w*|utilis\w*|emploie",),
    "de": (r"f[uü]hrt|ausf[uü]hr\w*|ausgef[uü]hrt|ruft|aufgerufen|aufruf\w*|verwende\w*|"
           r"benutz\w*|nutzt|startet|gestartet",),
    "it": (r"esegu\w*|chiam\w*|invoc\w*|utilizz\w*|lancia\w*",),
    "vi": (r"ch[aạ]y|g[oọ]i|s[uử]\s+d[uụ]ng|th[uự]c\s+thi",),
    "tr": (r"[cç]al[iı][sş]t[iı]r\w*|kullan\w*|[cç]a[gğ][iı]r\w*",),
}
# ...unless the statement is about what the agent says: it explains how to run it, recommends
# it ("推荐使用 x.py"): that is its answer, graded on all the material.
ADVICE: Table = {
    # 提示/告知/提醒/询问: it tells (reminds, asks) the user ("应提示...要求重新运行 preview 命令":
    # it should tell them to run the preview again, which only its answer shows)
    "zh": (r"推荐|推薦|建议|建議|解释|解釋|说明|說明|如何|怎么|怎麼|怎样|告诉|告訴|介绍|介紹|"
           r"提示|告知|提醒|询问|詢問",),
    "ja": (r"説明|推奨|勧め|すすめ|方法|提案|教え|言及",),
    "ko": (r"설명|추천|권장|방법|제안|안내|언급",),  # 언급한다 "mentions": what the answer says
    "ru": (r"объясн\w*|рекоменд\w*|совет\w*|предлага\w*|предлож\w*",),
    "es": (r"explic\w*|recomiend\w*|recomend\w*|sugier\w*|suger\w*|aconsej\w*",),
    "pt": (r"explic\w*|recomend\w*|suger\w*|aconselh\w*",),
    "fr": (r"expliqu\w*|recommand\w*|sugg[eè]r\w*|conseill\w*",),
    "de": (r"erkl[aä]r\w*|empfiehlt|empfehl\w*|schl[aä]gt|vorschlag\w*|r[aä]t",),
    "it": (r"spieg\w*|raccomand\w*|consigli\w*|suggerisc\w*|suggerire",),
    "vi": (r"gi[aả]i\s+th[ií]ch|khuy[eê]n|đ[eề]\s+xu[aấ]t|h[uư][oớ]ng\s+d[aẫ]n",),
    "tr": (r"a[cç][iı]kla\w*|[oö]ner\w*|tavsiye",),
}
RAN_VERB_RE = compiled(RAN_VERB)
ADVICE_RE = compiled(ADVICE)


# -- inputs a prompt names (EV009, runner.authoring.kinds and .prompts) ---------------------

# A handed-over input named by its kind: an image, a PDF, a sheet. The nouns of each kind; a
# marker before them ("添付の", "diese", "ekteki") or after them ("adjunta", "jointe", "đính
# kèm") says the user gave it ("the attached photo", "la imagen adjunta", "das angehängte
# Bild"). English keeps its own grammar in runner.authoring.kinds.
KIND_NOUNS: Mapping[str, Table] = {
    "image": {
        "zh": (r"图片|圖片|图像|圖像|照片|相片|截图|截圖|截屏|屏幕截图|螢幕截圖|图|圖",),
        "ja": (r"画像|写真|スクリーンショット|スクショ|キャプチャ|図",),
        "ko": (r"이미지|사진|스크린샷|캡처|그림",),
        "ru": (r"изображени\w*|картинк\w*|фотографи\w*|фото|снимк\w*|снимок|скриншот\w*",),
        "es": (r"im[aá]gen(?:es)?|fotos?|fotograf[ií]as?|capturas?(?:\s+de\s+pantalla)?|"
               r"pantallazos?",),
        "pt": (r"image[mn]s?|fotos?|fotografias?|capturas?\s+de\s+tela|prints?",),
        "fr": (r"images?|photos?|captures?\s+d['’][eé]cran|clich[eé]s?",),
        "de": (r"bild(?:er|es)?|fotos?|screenshots?|bildschirmfotos?",),
        "it": (r"immagin[ei]|fot[oe]|screenshot|schermat[ae]",),
        "vi": (r"h[iì]nh\s+[aả]nh|[aả]nh\s+ch[uụ]p\s+m[aà]n\s+h[iì]nh|[aả]nh|h[iì]nh",),
        "tr": (r"resim\w*|resm\w*|g[oö]rsel\w*|foto[gğ]raf\w*|ekran\s+g[oö]r[uü]nt[uü]s[uü]\w*",),
    },
    "pdf": {
        "zh": (r"PDF(?:文件|檔案|文档|文檔)?",), "ja": (r"PDF(?:ファイル)?",),
        "ko": (r"PDF(?:\s*파일)?",), "ru": (r"pdf(?:-?файл\w*)?",), "es": (r"pdfs?",),
        "pt": (r"pdfs?",), "fr": (r"pdfs?",), "de": (r"pdf(?:-?datei(?:en)?|s)?",),
        "it": (r"pdf",), "vi": (r"(?:t[eệ]p\s+|file\s+)?pdf",), "tr": (r"pdf\w*",),
    },
    "sheet": {
        "zh": (r"电子表格|電子表格|表格|试算表|試算表|工作簿|Excel(?:文件|表格?)?|CSV(?:文件)?",),
        "ja": (r"スプレッドシート|エクセル(?:ファイル)?|Excel(?:ファイル)?|ワークブック|"
               r"CSV(?:ファイル)?",),
        "ko": (r"스프레드시트|엑셀(?:\s*파일)?|excel(?:\s*파일)?|시트|CSV(?:\s*파일)?",),
        "ru": (r"(?:электронн\w+\s+)?таблиц\w*|excel|эксел\w*|эксель\w*|csv",),
        "es": (r"hojas?\s+de\s+c[aá]lculo|excel|csv|planillas?",),
        "pt": (r"planilhas?|excel|csv|folhas?\s+de\s+c[aá]lculo",),
        "fr": (r"tableurs?|classeurs?|feuilles?\s+de\s+calcul|(?:fichier\s+)?excel|csv",),
        "de": (r"tabellen?|excel(?:-?datei(?:en)?|-?tabellen?)?|csv(?:-?datei(?:en)?)?|"
               r"arbeitsmappen?",),
        "it": (r"fogli?\s+di\s+calcolo|excel|csv",),
        "vi": (r"b[aả]ng\s+t[ií]nh|excel|csv",),
        "tr": (r"tablo\w*|excel\w*|csv\w*",),
    },
}
# Before the noun: handed over ("添付の"), or shown ("this", "the one above").
HANDED_BEFORE: Table = {
    "zh": (r"附件中的|附件里的|附件裡的|附件的|附带的|附帶的|附上的|附加的|上传的|上傳的|"
           r"我发的|我發的|发给你的|發給你的|这张|這張|这些|這些|这份|這份|这个|這個|"
           r"上面的|上方的|以上的",),
    "ja": (r"添付の|添付した|添付された|アップロードした|アップロードされた|送った|共有した|"
           r"この|これらの|上の",),
    "ko": (r"첨부된|첨부한|업로드된|업로드한|올린|공유한|보낸|(?<![가-힣])이|위의?",),
    "ru": (r"прикрепл[её]нн\w+|приложенн\w+|вложенн\w+|загруженн\w+|присланн\w+|"
           r"отправленн\w+|эт(?:от|о|а|у|и|ой|их|им|ом)|вышеприведенн\w+",),
    "es": (r"est[ae]s?|es[ae]s?",),
    "pt": (r"est[ae]s?|ess[ae]s?",),
    "fr": (r"cette|cet|ce|ces",),
    "de": (r"angeh[aä]ngte[nrsm]?|beigef[uü]gte[nrsm]?|hochgeladene[nrsm]?|geschickte[nrsm]?|"
           r"obige[nrsm]?|diese[mnrs]?",),
    "it": (r"questa|questo|queste|questi|quest'",),
    "tr": (r"ekteki|ekli|y[uü]klenen|y[uü]kledi[gğ]im|g[oö]nderdi[gğ]im|payla[sş]t[iı][gğ][iı]m|"
           r"bu|yukar[iı]daki",),
}
# After the noun: "adjunta", "ci-jointe", "im Anhang", "đính kèm".
HANDED_AFTER: Table = {
    "es": (r"adjunt[oa]s?|subid[oa]s?|anexad[oa]s?|enviad[oa]s?|compartid[oa]s?|de\s+arriba|"
           r"que\s+(?:te\s+)?(?:he\s+)?(?:adjunt|sub|envi|compart|pas)\w+",),
    "pt": (r"anexad[oa]s?|em\s+anexo|enviad[oa]s?|carregad[oa]s?|compartilhad[oa]s?|acima|"
           r"que\s+(?:te\s+)?(?:anex|envi|carreg|compartilh)\w+",),
    "fr": (r"jointe?s?|ci-jointe?s?|en\s+pi[eè]ce\s+jointe|t[eé]l[eé]vers[eé]e?s?|envoy[eé]e?s?|"
           r"partag[eé]e?s?|ci-dessus",),
    "de": (r"im\s+anhang|anbei|oben",),
    "it": (r"allegat[oaie]|in\s+allegato|caricat[oaie]|inviat[oaie]|condivis[oaie]|"
           r"(?:qui\s+)?sopra",),
    "vi": (r"đ[ií]nh\s+k[eè]m|n[aà]y|đ[uư][oợ]c\s+t[aả]i\s+l[eê]n|[oở]\s+tr[eê]n",),
}


def _handed(kind: str) -> re.Pattern[str]:
    nouns = KIND_NOUNS[kind]
    table = {lang: tuple(
        [rf"(?:{b})\s*(?:{n})" for b in HANDED_BEFORE.get(lang, ()) for n in nouns[lang]]
        + [rf"(?:{n})\s*(?:{a})" for a in HANDED_AFTER.get(lang, ()) for n in nouns[lang]])
        for lang in nouns}
    return compiled(table)


HANDED_KIND_RE: Mapping[str, re.Pattern[str]] = {kind: _handed(kind) for kind in KIND_NOUNS}

# Counted files the user says are there: "estos tres archivos", "所有这些文件", "beide
# Logdateien". The count is read from the phrase's words (NUMBER_WORDS); "all these" and
# "both" name two at least.
_FILES_ZH = (r"文件|檔案|文档|文檔|日志|日誌|表格|图片|圖片|截图|截圖|照片|脚本|腳本|报告|報告|"
             r"CSV|PDF|JSON")
_FILES_JA = r"ファイル|ログ|CSV|PDF|画像|スクリーンショット|スクリプト|レポート|ドキュメント|文書"
_FILES_KO = r"파일|로그|CSV|PDF|이미지|스크린샷|스크립트|보고서|문서"
_FILES_RU = (r"файл\w*|лог\w*|документ\w*|таблиц\w*|скриншот\w*|изображени\w*|фото\w*|"
             r"скрипт\w*|отч[её]т\w*|csv|pdf|json")
_FILES_ES = (r"archivos|ficheros|documentos|logs|registros|csvs?|pdfs?|im[aá]genes|capturas|"
             r"fotos|hojas|scripts|informes")
_FILES_PT = (r"arquivos|ficheiros|documentos|logs|registros|csvs?|pdfs?|imagens|capturas|fotos|"
             r"planilhas|scripts|relat[oó]rios")
_FILES_FR = (r"fichiers|documents|journaux|logs|csv|pdfs?|images|captures|photos|tableurs|"
             r"classeurs|scripts|rapports")
_FILES_DE = (r"[\w-]*dateien|logs|csvs?|pdfs?|bilder|screenshots|fotos|tabellen|skripte|"
             r"berichte|dokumente")
_FILES_IT = (r"file|documenti|log|csv|pdf|immagini|screenshot|foto|fogli|script|report|"
             r"rapporti")
_FILES_VI = r"t[eệ]p|file|t[aà]i\s+li[eệ]u|[aả]nh|b[aả]ng\s+t[ií]nh|nh[aậ]t\s+k[yý]|log"
_FILES_TR = (r"dosya\w*|log\w*|csv\w*|pdf\w*|resim\w*|g[oö]rsel\w*|tablo\w*|betik\w*|"
             r"rapor\w*|belge\w*")
_ZH_N = r"两|兩|二|三|四|五|六|七|八|九|十|\d+"
_JA_N = r"[2-9２-９]|\d{2}|二|三|四|五|六|七|八|九|十"
COUNTED: Table = {
    # (a count whose phrase passes through "give me", "produce" counts what the work hands
    # back: "两个端都要给我最终截图", screenshots of both ends to deliver)
    "zh": (rf"(?:{_ZH_N})(?:个|個|份|张|張|篇)(?:(?!给我|給我|输出|輸出|生成|交付|产出|產出)"
           rf"[^\s，。,.；;]){{0,8}}?(?:{_FILES_ZH})",
           rf"(?:所有|全部)(?:这些|這些|这|這)(?:{_ZH_N})?(?:个|個|份|张|張)?"
           rf"[^\s，。,.；;]{{0,6}}?(?:{_FILES_ZH})"),
    "ja": (rf"(?:{_JA_N})(?:つ|個|件|枚)の[^\s、。]{{0,8}}?(?:{_FILES_JA})",
           rf"(?:これらすべての|これら全ての|これらの全ての|両方の)[^\s、。]{{0,8}}?"
           rf"(?:{_FILES_JA})"),
    "ko": (rf"(?:두|세|네|다섯|여섯|일곱|여덟|아홉|열|\d+)\s*(?:개의?\s*)?(?:[^\s,.]+\s+){{0,2}}?"
           rf"(?:{_FILES_KO})",
           rf"(?<![가-힣])이\s*모든\s*(?:[^\s,.]+\s+){{0,2}}?(?:{_FILES_KO})"),
    "ru": (rf"(?:два|две|двух|три|тр[её]х|четыре|четыр[её]х|пять|шесть|семь|восемь|девять|"
           rf"десять|оба|обе|обоих|\d+)\s+(?:\S+\s+){{0,2}}?(?:{_FILES_RU})",
           rf"все\s+эт(?:и|их)\s+(?:\S+\s+){{0,2}}?(?:{_FILES_RU})"),
    "es": (rf"(?:estos|estas|esos|esas|los|las|mis|nuestros|nuestras)\s+(?:dos|tres|cuatro|"
           rf"cinco|seis|siete|ocho|nueve|diez|\d+)\s+(?:\S+\s+){{0,2}}?(?:{_FILES_ES})",
           rf"(?:ambos|ambas|todos\s+(?:estos|esos)|todas\s+(?:estas|esas))\s+"
           rf"(?:\S+\s+){{0,2}}?(?:{_FILES_ES})"),
    "pt": (rf"(?:estes|estas|esses|essas|os|as|meus|minhas)\s+(?:dois|duas|tr[eê]s|quatro|"
           rf"cinco|seis|sete|oito|nove|dez|\d+)\s+(?:\S+\s+){{0,2}}?(?:{_FILES_PT})",
           rf"(?:ambos\s+os|ambas\s+as|todos\s+(?:estes|esses)|todas\s+(?:estas|essas))\s+"
           rf"(?:\S+\s+){{0,2}}?(?:{_FILES_PT})"),
    "fr": (rf"(?:ces|les|mes|nos)\s+(?:deux|trois|quatre|cinq|six|sept|huit|neuf|dix|\d+)\s+"
           rf"(?:\S+\s+){{0,2}}?(?:{_FILES_FR})",
           rf"tou(?:s|tes)\s+(?:ces|les\s+deux)\s+(?:\S+\s+){{0,2}}?(?:{_FILES_FR})"),
    "de": (rf"(?:diese|die|meine|unsere|alle)\s+(?:zwei|drei|vier|f[uü]nf|sechs|sieben|acht|"
           rf"neun|zehn|beiden|\d+)\s+(?:\S+\s+){{0,2}}?(?:{_FILES_DE})",
           rf"(?:beide|alle\s+diese)\s+(?:\S+\s+){{0,2}}?(?:{_FILES_DE})"),
    "it": (rf"(?:questi|queste|i|le|miei|mie)\s+(?:due|tre|quattro|cinque|sei|sette|otto|nove|"
           rf"dieci|\d+)\s+(?:\S+\s+){{0,2}}?(?:{_FILES_IT})",
           rf"(?:entrambi\s+i|entrambe\s+le|tutti\s+questi|tutte\s+queste)\s+"
           rf"(?:\S+\s+){{0,2}}?(?:{_FILES_IT})"),
    "vi": (rf"(?:hai|ba|b[oố]n|n[aă]m|s[aá]u|b[aả]y|t[aá]m|ch[ií]n|m[uư][oờ]i|\d+)\s+"
           rf"(?:{_FILES_VI})(?:\s+\S+){{0,2}}?\s+n[aà]y",
           rf"(?:c[aả]\s+hai|t[aấ]t\s+c[aả](?:\s+c[aá]c)?)\s+(?:{_FILES_VI})"),
    "tr": (rf"bu\s+(?:iki|[uü][cç]|d[oö]rt|be[sş]|alt[iı]|yedi|sekiz|dokuz|on|\d+)\s+"
           rf"(?:\S+\s+){{0,2}}?(?:{_FILES_TR})",
           rf"(?:her\s+iki|t[uü]m\s+bu)\s+(?:\S+\s+){{0,2}}?(?:{_FILES_TR})"),
}
COUNTED_RE = compiled(COUNTED)
# The number each counting word says; "both" and "all these" two at least.
NUMBER_WORDS: Mapping[str, int] = {
    **dict.fromkeys(("两", "兩", "二", "두", "два", "две", "двух", "оба", "обе", "обоих", "dos",
                     "ambos", "ambas", "dois", "duas", "deux", "zwei", "beide", "beiden", "due",
                     "entrambi", "entrambe", "hai", "iki", "両方", "2", "２"), 2),
    **dict.fromkeys(("三", "세", "три", "трёх", "трех", "tres", "três", "tres", "trois", "drei",
                     "tre", "ba", "üç", "uc", "3", "３"), 3),
    **dict.fromkeys(("四", "네", "четыре", "четырёх", "четырех", "cuatro", "quatro", "quatre",
                     "vier", "quattro", "bốn", "bon", "dört", "4", "４"), 4),
    **dict.fromkeys(("五", "다섯", "пять", "cinco", "cinq", "fünf", "funf", "cinque", "năm",
                     "beş", "5", "５"), 5),
}

# A verb of making: what follows it is an output, not an input ("создай src/app.ts", "crea
# ...", "创建 ..."). Japanese, Korean and Turkish put the verb after its object: CREATE_AFTER.
CREATE: Table = {
    "zh": (r"放到|放在|存到|存入|创建|創建|新建|生成|编写|編寫|撰写|撰寫|写入|寫入|写|寫|"
           r"输出|輸出|保存|儲存|导出|導出|建立|制作|製作",),
    "ru": (r"помести\w*|положи\w*|созда\w*|сгенерир\w*|напиш\w*|запиш\w*|сохран\w*|"
           r"сформир\w*|экспортир\w*",),
    "es": (r"pon|coloca|crea|crear|cree|genera|generar|escribe|escribir|guarda|guardar|"
           r"exporta|exportar|produce|producir|redacta|redactar",),
    "pt": (r"ponha|coloque|cri[ae]|criar|gere|gera|gerar|escrev[ae]|escrever|salv[ae]|salvar|"
           r"export[ae]|exportar|produza|produzir|redija|redigir",),
    "fr": (r"mets|mettez|cr[eé]e[rz]?|g[eé]n[eè]re[rz]?|[eé]cri[st]|[eé]crire|[eé]crivez|"
           r"enregistre[rz]?|sauvegarde[rz]?|exporte[rz]?|produi[st]|produire|r[eé]dige[rz]?",),
    "de": (r"leg\w*|erstell\w*|erzeug\w*|generier\w*|schreib\w*|speicher\w*|exportier\w*|"
           r"anleg\w*",),
    "it": (r"metti|crea|creare|genera|generare|scrivi|scrivere|salva|salvare|esporta|esportare|"
           r"produci|produrre|redigi",),
    "vi": (r"t[aạ]o|vi[eế]t|l[uư]u|xu[aấ]t",),
}
CREATE_AFTER: Table = {
    "ja": (r"(?:を|に)?\s*(?:作成|生成|書い|書き|出力|保存|新規作成|作って|作る)",),
    "ko": (r"(?:을|를|에)?\s*(?:생성|작성|만들|저장|출력)",),
    "tr": (r"(?:'?[a-zçğıöşü]{0,4}\s+)?(?:olu[sş]tur\w*|yaz\w*|kaydet\w*|[uü]ret\w*)",),
}
# A verb that treats a path as existing, right before it ("посмотри billing/x.py", "revisa
# src/app.ts", "看一下 src/main.go", "schau dir lib/x.rb an"), a preposition of place ("в",
# "en", "dans", "im") too; and after it where the verb comes last ("src/main.go を確認して").
INPUT_CUE: Table = {
    "zh": (r"看一下|看看|查看|检查|檢查|审查|審查|审阅|審閱|修复|修復|修改|重构|重構|阅读|閱讀|"
           r"读取|讀取|读一下|打开|打開|分析|解释|解釋|优化|優化|调试|調試|总结|總結|根据|根據|"
           r"参考|參考|看|读|讀|在|把|"
           # a file handed over by its name: "上传了一个名为 slides.html 的文件"
           r"(?:上传|上傳|发来|發來|附上)了?(?:一个|一個|一份)?(?:名为|名為|叫做?)",),
    "ru": (r"посмотри\w*|глянь|взгляни|проверь\w*|прочитай\w*|прочти|открой\w*|исправь\w*|"
           r"почини\w*|отрефактори\w*|проанализируй\w*|изучи\w*|разбери\w*|в|из|во",),
    "es": (r"revisa\w*|mira|lee|leer|abre|abrir|arregla\w*|corrige|corregir|analiza\w*|"
           r"refactoriza\w*|examina\w*|en|de|desde",),
    "pt": (r"revis[ae]\w*|olh[ae]|leia|ler|abra|abrir|corrij[ae]|corrigir|conserte|analis[ae]\w*|"
           r"refator[ae]\w*|examine|em|no|na|do|da",),
    "fr": (r"regarde[rz]?|v[eé]rifie[rz]?|relis|lis|lire|ouvre[rz]?|corrige[rz]?|analyse[rz]?|"
           r"examine[rz]?|r[eé]vise[rz]?|refactorise[rz]?|dans",),
    "de": (r"schau(?:\s+dir)?|sieh\s+dir|guck(?:\s+dir)?|pr[uü]fe|[uü]berpr[uü]fe|lies|[oö]ffne|"
           r"korrigiere|behebe|repariere|analysiere|refaktoriere|im|aus",),
    "it": (r"guarda|controlla|rivedi|leggi|apri|correggi|sistema|analizza|esamina|"
           r"rifattorizza|nel|dal",),
    "vi": (r"xem(?:\s+qua)?|ki[eể]m\s+tra|đ[oọ]c|m[oở]|s[uử]a|ph[aâ]n\s+t[ií]ch|trong",),
}
# What may stand between such a verb and the path: an article, "the file", "mal".
INPUT_FILLER = (r"(?:\s*(?:el|la|los|las|le|les|l'|o|a|os|as|il|lo|die|der|das|den|dem|mal|"
                r"файл\w*|el\s+archivo|el\s+fichero|o\s+arquivo|le\s+fichier|la\s+datei|"
                r"die\s+datei|il\s+file|file|t[eệ]p|文件|檔案|`)(?!\w)\s*)*")
# The user handing material over in the sentence that names it ("I'm passing you the crawl
# export (pages.csv) in ./export", "Te paso el export (internal_all.csv ...)", "附上 data.csv"):
# what it names is there for the agent to read, however far after the verb it stands.
HANDS_OVER: Table = {
    "en": (r"here(?:'s|\u2019s|\s+is|\s+are)|attached\s+(?:is|are)|find\s+attached|"
           r"i(?:'m|\u2019m|\s+am)\s+(?:passing|sending|giving|sharing|attaching|uploading|"
           r"including)|i(?:'ve|\u2019ve|\s+have)\s+(?:attached|uploaded|shared|included|"
           r"exported|dropped|put|placed|saved)",),
    "es": (r"te\s+(?:paso|env[ií]o|adjunto|comparto|dejo|mando)|"
           r"aqu[ií]\s+(?:tienes|est[aá]n?|va)|he\s+(?:subido|adjuntado|exportado|dejado)",),
    "pt": (r"te\s+(?:passo|envio|mando)|aqui\s+est[aá]|(?:subi|exportei|anexei)",),
    "fr": (r"voici|ci-joint|je\s+(?:te|vous)\s+(?:passe|envoie|joins)|"
           r"j'ai\s+(?:export[ée]|joint|mis|d[ée]pos[ée])",),
    "de": (r"anbei|hier\s+(?:ist|sind)|ich\s+(?:schicke|sende|gebe)\s+dir",),
    "it": (r"ecco|in\s+allegato|ti\s+(?:passo|mando|invio)|allego",),
    "zh": (r"附上|我导出了|我上传了|我上傳了",),
}
INPUT_CUE_AFTER: Table = {
    "ja": (r"(?:を|の|に|で|は)?\s*(?:見て|確認|レビュー|読ん|読み|修正|直し|解析|分析|要約|開い|"
           r"チェック|リファクタ)",),
    "ko": (r"(?:파일)?\s*(?:을|를|의|에서|에)?\s*(?:검토|확인|읽|수정|분석|요약|열어|봐|살펴|"
           r"리뷰)",),
    "tr": (r"(?:'?[a-zçğıöşü]{0,4}\s+|\s+dosyas[ıi]n[ıi]\s+)(?:incele\w*|oku\w*|d[uü]zelt\w*|"
           r"kontrol\s+et\w*|a[cç]\w*|analiz\s+et\w*|g[oö]zden\s+ge[cç]ir\w*)",),
}
CREATE_RE = compiled(CREATE)
HANDS_OVER_RE = compiled(HANDS_OVER)
CREATE_AFTER_RE = re.compile(alternation(CREATE_AFTER, bounded=False), re.IGNORECASE)
INPUT_CUE_RE = re.compile(rf"(?:{alternation(INPUT_CUE)}){INPUT_FILLER}\s*$", re.IGNORECASE)
INPUT_CUE_AFTER_RE = re.compile(alternation(INPUT_CUE_AFTER, bounded=False), re.IGNORECASE)


# A count bound: how many of something the work holds, at least or at most ("at least 3
# examples", "no fewer than 3", "不少于3条", "3つ以上", "не менее 3", "höchstens 5"). A
# minimum needs what it counts to be there, so it is never an absence (its "no"/"不"/"не" is
# part of the bound, not a denial); a maximum bounds a count, it does not forbid the text.
# Each pattern carries its quantity: a digit, or a number word of its language.
_N = r"(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|twelve|twenty|a\s+dozen)"
_N_CJK = r"(?:\d+|[一二两兩三四五六七八九十百]+)"
_N_LATIN = (r"(?:\d+|un[oae]?|dos|tres|tr[eê]s|cuatro|quatro|cinco|seis|siete|sete|ocho|oito|"
            r"nueve|nove|diez|dez|deux|trois|quatre|cinq|six|sept|huit|neuf|dix|due|tre|"
            r"quattro|cinque|sei|sette|otto|dieci|um|uma|dois|duas|ein(?:e[nm]?)?|zwei|drei|"
            r"vier|f[uü]nf|sechs|sieben|acht|neun|zehn)")
_N_RU = r"(?:\d+|одн\w*|дв\w+|тр[её]\w*|четыр\w*|пят\w*|шест\w*|сем\w*|восьм\w*|девят\w*|десят\w*)"
BOUND: Table = {
    "en": (rf"(?:at\s+least|at\s+most|no\s+(?:fewer|less|more)\s+than|not\s+(?:fewer|less|"
           rf"more)\s+than|(?:a\s+)?(?:minimum|maximum)\s+(?:of\s+)?|min\.?|max\.?|up\s+to|"
           rf"(?:fewer|less|more)\s+than|(?:does\s+not|doesn'?t|must\s+not|never)\s+exceeds?"
           rf"|exceeds?|under|over)\s*{_N}(?!\w)",
           rf"{_N}\s*(?:\+|or\s+(?:more|fewer|less|above|below))",
           r"(?:[≥≤]|>=|<=|=<|=>)\s*\d+"),
    "zh": (rf"(?:至少|最少|不少于|不少於|不低于|不低於|不得少于|不得少於|不超过|不超過|不多于|"
           rf"不多於|不得超过|不得超過|最多|至多|超过|超過|多于|多於|少于|少於|大于|小于)\s*{_N_CJK}",
           rf"{_N_CJK}\s*[^\s\d]{{0,3}}(?:以上|以下|以内|以內|或以上|或更多)"),
    "ja": (rf"(?:少なくとも|最低|最低でも|最大|最多|最大で)\s*{_N_CJK}",
           rf"{_N_CJK}\s*[^\s\d]{{0,4}}(?:以上|以下|以内|未満|を超えない|を超え|より多く|より少なく)"),
    "ko": (rf"(?:최소|최대|적어도)\s*{_N_CJK}",
           rf"{_N_CJK}\s*[^\s\d]{{0,4}}\s*(?:이상|이하|이내|미만|을\s*넘지|를\s*넘지|넘지)"),
    "ru": (rf"(?:не\s+менее|не\s+более|не\s+меньше|не\s+больше|как\s+минимум|как\s+максимум|"
           rf"минимум|максимум|по\s+крайней\s+мере|хотя\s+бы|более|менее|до)\s+{_N_RU}(?!\w)",),
    "es": (rf"(?:al\s+menos|por\s+lo\s+menos|como\s+m[ií]nimo|como\s+m[aá]ximo|"
           rf"no\s+(?:menos|m[aá]s)\s+de|m[aá]s\s+de|menos\s+de|m[ií]nimo|m[aá]ximo|hasta)\s+{_N_LATIN}(?!\w)",),
    "pt": (rf"(?:pelo\s+menos|no\s+m[ií]nimo|no\s+m[aá]ximo|"
           rf"n[aã]o\s+(?:menos|mais)\s+(?:de|do\s+que)|mais\s+de|menos\s+de|at[eé])\s+{_N_LATIN}(?!\w)",),
    "fr": (rf"(?:au\s+moins|au\s+minimum|au\s+maximum|au\s+plus|pas\s+(?:moins|plus)\s+de|"
           rf"plus\s+de|moins\s+de|jusqu'[àa])\s*{_N_LATIN}(?!\w)",),
    "de": (rf"(?:mindestens|h[oö]chstens|maximal|minimal|wenigstens|nicht\s+(?:weniger|mehr)\s+"
           rf"als|mehr\s+als|weniger\s+als|bis\s+zu)\s+{_N_LATIN}(?!\w)",),
    "it": (rf"(?:almeno|al\s+massimo|al\s+pi[uù]|non\s+(?:meno|pi[uù])\s+di|pi[uù]\s+di|"
           rf"meno\s+di|fino\s+a)\s+{_N_LATIN}(?!\w)",),
    "vi": (r"(?:[ií]t\s+nh[aấ]t|t[oố]i\s+thi[eể]u|t[oố]i\s+đa|kh[oô]ng\s+qu[aá]|"
           r"kh[oô]ng\s+[ií]t\s+h[oơ]n|nhi[eề]u\s+nh[aấ]t)\s+\d+",),
    "tr": (r"(?:en\s+az|en\s+fazla|en\s+[cç]ok)\s+\d+",),
}
BOUND_RE = re.compile(alternation(BOUND, bounded=False), re.IGNORECASE)


def states_bound(statement: str) -> bool:
    """Says how many of something the work holds, at least or at most, in one of these
    languages: a count to check (or grade), never an absence of the text."""
    return BOUND_RE.search(" ".join(statement.split())) is not None


# -- inputs handed over in words, state another case made, live services (issue 26, 6) -----

# The user says the material is already there, in words only: "I already have 16 prompts",
# "this folder already holds 16 images", "我这个目录里已经有 16 张原始图". Only material nouns
# (images, files, notes, prompts...): "I already have two kids" hands nothing over.
_MAT_ZH = (r"图|圖|图片|圖片|原图|原圖|原始图|原始圖|照片|截图|截圖|文件|檔案|文档|文檔|笔记|筆記|"
           r"记录|記錄|提示词|提示詞|表格|数据|數據|日志|日誌|素材|草稿|稿子")
_MAT_JA = r"画像|写真|ファイル|メモ|ノート|プロンプト|スクリーンショット|ログ|データ|原稿|素材"
HELD_IN_WORDS: Table = {
    "zh": (rf"(?:已经|已經|已)(?:有|存了|准备了|準備了|放了)\s*"
           rf"(?:\d+|[两兩二三四五六七八九十几幾]+)\s*"
           rf"(?:张|張|条|條|个|個|份|篇|段|组|組)?[^\s，。,.；;]{{0,6}}?(?:{_MAT_ZH})",
           rf"(?:这个|這個|当前|當前|本)(?:目录|目錄|文件夹|文件夾|資料夾)(?:里|裡|中|下)?(?:已经|已經|已)?"
           rf"(?:有|放了|存了)[^，。,.；;]{{0,12}}?(?:{_MAT_ZH})",
           # "我有一個 Excel 檔案 /tmp/sales.xlsx": the user's own file, named and never given
           # (a format's name counts with its file noun: "我有一个关于 Excel 公式的问题" asks)
           rf"我(?:这里|這裡|手上|手头|手頭)?有(?:一個|一个|一份|一張|一张|幾個|几个|两个|兩個|三个|三個|"
           rf"\d+\s*(?:個|个|份|張|张))(?!关于|關於)\s*[^\s，。,.；;：:]{{0,8}}?\s*(?:{_MAT_ZH}|"
           rf"(?:Excel|JSON|CSV|PDF|XLSX|Word)\s*(?:{_MAT_ZH}|表|檔|档)?(?=\s*[，,。.；;]|\s*$|\s*/))",
           # "我给你一段 CREATE TABLE，请按它生成": handed over in words, nothing after it
           rf"(?:给你|給你|发你|發你|贴给你|貼給你|提供给你|提供給你)(?:一段|一份|一个|一個|一些|"
           rf"几段|幾段|一张|一張)\s*[^，。,.；;：:\n]{{0,12}}?(?:{_MAT_ZH}|CREATE\s+TABLE|SQL|DDL|"
           rf"代码|代碼|JSON|CSV|XML|YAML|表结构|表結構)"),
    "ja": (rf"(?:既に|すでに|もう)\s*(?:\d+|[二三四五六七八九十]+)\s*(?:枚|個|件|本|つ)の?"
           rf"(?:{_MAT_JA})",
           rf"(?:この|今の)(?:フォルダ|ディレクトリ)(?:に|には)(?:既に|すでに|もう)?[^、。]{{0,10}}?"
           rf"(?:{_MAT_JA})"),
    "es": (r"ya\s+tengo\s+(?:\d+|unas?|varias|varios|dos|tres|cuatro|cinco|diez)\s+(?:\w+\s+)?"
           r"(?:im[aá]genes|fotos|archivos|ficheros|notas|prompts|capturas|documentos|registros)",
           r"(?:esta|la)\s+carpeta\s+ya\s+(?:tiene|contiene)"),
    "pt": (r"j[aá]\s+tenho\s+(?:\d+|umas?|v[aá]rias|v[aá]rios|dois|duas|tr[eê]s|dez)\s+"
           r"(?:\w+\s+)?(?:imagens|fotos|arquivos|ficheiros|notas|prompts|capturas|documentos)",
           r"(?:esta|essa|a)\s+pasta\s+j[aá]\s+(?:tem|cont[eé]m)"),
    "fr": (r"j'ai\s+d[eé]j[aà]\s+(?:\d+|des|plusieurs|deux|trois|dix)\s+(?:\w+\s+)?"
           r"(?:images|photos|fichiers|notes|prompts|captures|documents)",
           r"(?:ce|le)\s+dossier\s+(?:contient|a)\s+d[eé]j[aà]"),
    "de": (r"ich\s+habe\s+(?:schon|bereits)\s+(?:\d+|einige|mehrere|zwei|drei|zehn)\s+"
           r"(?:\w+\s+)?(?:bilder|fotos|dateien|notizen|prompts|screenshots|dokumente)",
           r"(?:dieser|der)\s+ordner\s+(?:enth[aä]lt|hat)\s+(?:schon|bereits)"),
    "ru": (r"у\s+меня\s+уже\s+(?:есть\s+)?(?:\d+|несколько|две|два|три|десять)\s+(?:\w+\s+)?"
           r"(?:изображени\w*|картин\w*|фото\w*|файл\w*|замет\w*|промпт\w*|скриншот\w*|документ\w*)",
           r"в\s+(?:этой|текущей)\s+папке\s+уже\s+(?:есть|лежат|лежит)"),
}
# Material the prompt says follows it: "the transcript below", "以下の議事録", "el texto
# siguiente". With nothing after it, the session gets the pointer and not the material.
_MAT_ES = (r"texto|transcripci[oó]n|notas|apuntes|correo|mensajes?|c[oó]digo|registros?|datos|"
           r"tabla|p[aá]rrafos?|documento|art[ií]culo|conversaci[oó]n|fragmento|informe|prompts?")
_MAT_PT = (r"texto|transcri[cç][aã]o|notas|e-?mail|mensagens?|c[oó]digo|registros?|dados|tabela|"
           r"par[aá]grafos?|documento|artigo|conversa|trecho|relat[oó]rio|prompts?")
_MAT_FR = (r"texte|transcription|notes|e-?mail|courriel|messages?|code|journal|logs?|donn[eé]es|"
           r"tableau|paragraphes?|document|article|conversation|extrait|rapport|prompts?")
_MAT_DE = (r"text|transkript|notizen|e-?mail|nachrichten?|code|logs?|daten|tabelle|abs[aä]tze?|"
           r"dokument|artikel|gespr[aä]ch|auszug|bericht|prompts?")
_MAT_RU = (r"текст\w*|расшифровк\w*|заметк\w*|письм\w*|сообщени\w*|код\w*|лог\w*|данн\w*|"
           r"таблиц\w*|абзац\w*|документ\w*|стать\w*|диалог\w*|фрагмент\w*|отч[её]т\w*|промпт\w*")
MATERIAL_BELOW: Table = {
    "zh": (r"(?:下面|下方|以下|如下)的?(?:[^\s，。,.；;]{0,6}?)(?:内容|內容|文本|文字|记录|記錄|"
           r"纪要|紀要|笔记|筆記|逐字稿|对话|對話|邮件|郵件|代码|代碼|日志|日誌|数据|數據|提示词|"
           r"提示詞|文章|段落)",),
    "ja": (r"(?:以下|下記)の(?:[^\s、。]{0,6}?)(?:内容|テキスト|文章|議事録|メモ|ログ|コード|"
           r"データ|メール|会話|原稿|プロンプト)",),
    "es": (rf"(?:el|la|los|las)\s+(?:{_MAT_ES})\s+(?:\w+\s+)?(?:de\s+abajo|siguientes?|"
           r"a\s+continuaci[oó]n)",
           rf"(?:el|la|los|las)\s+siguientes?\s+(?:{_MAT_ES})"),
    "pt": (rf"(?:o|a|os|as)\s+(?:{_MAT_PT})\s+(?:\w+\s+)?(?:abaixo|a\s+seguir|seguintes?)",
           rf"(?:o|a|os|as)\s+seguintes?\s+(?:{_MAT_PT})"),
    "fr": (rf"(?:le|la|les|l')\s*(?:{_MAT_FR})\s+(?:\w+\s+)?(?:ci-dessous|suivante?s?)",
           rf"(?:le|la|les)\s+suivante?s?\s+(?:{_MAT_FR})"),
    "de": (rf"(?:de[nmrs]|die|das)\s+(?:folgenden?|untenstehenden?|nachstehenden?)\s+(?:{_MAT_DE})",
           rf"(?:de[nmrs]|die|das)\s+(?:{_MAT_DE})\s+(?:unten|hierunter)"),
    "ru": (rf"(?:приведённ|приведенн|следующ|нижеследующ)\w*\s+(?:ниже\s+)?(?:{_MAT_RU})",
           rf"(?:{_MAT_RU})\s+ниже"),
}
# State another case leaves behind: "continue from the previous task", "the project you set
# up in the last step", "继续上一个任务", "前のステップで作った". Each case runs alone, in a
# fresh working directory: nothing carries over unless `depends_on` runs the other first.
EARLIER_STATE: Table = {
    "zh": (r"(?:继续|繼續|接着|接著)(?:做|完成|进行|進行)?"
           r"(?:上一个|上一個|上个|上個|之前的|前面的|刚才的|剛才的)"
           r"(?:任务|任務|步骤|步驟|工作)",
           r"(?:上一步|上一个任务|上一個任務|前一步|之前|刚才|剛才|上次)(?:里|裡|中)?(?:你)?"
           r"(?:创建|創建|配置|设置|設置|建立|生成|搭建|初始化)的",),
    "ja": (r"(?:前の|直前の|先ほどの|さっきの)(?:タスク|ステップ|手順)(?:の続き|から続け|を続け)",
           r"(?:前の|直前の|先ほどの|さっきの)(?:タスク|ステップ|手順)で(?:作成|作っ|設定|構築|"
           r"初期化)し?た"),
    "es": (r"contin[uú]a\w*\s+(?:con|desde)\s+(?:la|el)\s+(?:tarea|paso)\s+anterior",
           r"(?:que|el\s+que|la\s+que)\s+(?:creaste|configuraste|preparaste|montaste)\s+en\s+"
           r"(?:el|la)\s+(?:paso|tarea)\s+anterior"),
    "pt": (r"contin[uú]e?\w*\s+(?:a|o|da|do|de)\s+(?:tarefa|passo)\s+anterior",
           r"que\s+(?:voc[eê]\s+)?(?:criou|configurou|preparou)\s+n[oa]\s+(?:passo|tarefa)\s+"
           r"anterior"),
    "fr": (r"continue[rz]?\s+(?:la|le|depuis\s+la|depuis\s+le)\s+(?:t[aâ]che|[eé]tape)\s+"
           r"pr[eé]c[eé]dente?",
           r"que\s+tu\s+as\s+(?:cr[eé][eé]e?|configur[eé]e?|pr[eé]par[eé]e?)\s+[aà]\s+"
           r"l'[eé]tape\s+pr[eé]c[eé]dente"),
    "de": (r"(?:mit|an|bei|nach)\s+(?:der|dem)\s+(?:vorherigen|letzten)\s+(?:aufgabe|schritt)\s+"
           r"(?:fort|weiter)|(?:aus|von)\s+(?:der|dem)\s+vorherigen\s+(?:aufgabe|schritt)\s+weiter",
           r"(?:im|in\s+der)\s+(?:letzten|vorherigen)\s+(?:schritt|aufgabe)\s+(?:erstellt|"
           r"eingerichtet|konfiguriert|angelegt)\w*"),
    "ru": (r"продолж\w*\s+(?:с\s+)?(?:предыдущ|прошл)\w+\s+(?:задач|шаг)\w*",
           r"(?:созданн|настроенн)\w+\s+(?:на|в)\s+(?:предыдущем|прошлом)\s+(?:шаге|задании)"),
}
# Services only the user's own account reaches: "my Slack", "mi Gmail", "我的Notion".
_SERVICES = (r"slack|gmail|outlook|notion|jira|confluence|trello|asana|linear|google\s*(?:drive|"
             r"docs|sheets|calendar)|dropbox|onedrive|icloud|salesforce|hubspot|twitter|"
             r"linkedin|discord|telegram|whatsapp|wechat|微信|飞书|飛書|钉钉|釘釘|lark|teams|"
             r"shopify|stripe|evernote|obsidian\s+vault")
# ...unless the name stands before the user's own software for it ("my Telegram bot", "в моём
# Telegram-боте", "my Slack app", "我的微信机器人"): code to write, which needs no account.
_SOFTWARE = (r"[\s-]*(?:bots?\b|бот|apps?\b|приложени|plugins?\b|плагин|integrations?\b|"
             r"机器人|機器人|ボット|アプリ|小程序)")
_OWNED = rf"(?:{_SERVICES})(?!{_SOFTWARE})"
OWN_SERVICE: Table = {
    "en": (rf"(?:my|our)\s+{_OWNED}(?:\s+(?:workspace|account|channel|inbox))?",
           r"(?:post|send|share|publish|upload|tweet|message)\w*\s+(?:\S+\s+){0,6}?(?:to|on|in|into)"
           r"\s+(?:the\s+|my\s+|our\s+)?(?:#[\w-]+|slack|discord|teams|twitter|linkedin|"
           r"telegram|notion|jira)"),
    "zh": (rf"(?:我的|我们的|我們的)\s*{_OWNED}",
           rf"(?:发|發|发送|發送|发布|發布|推送|同步)(?:到|至)\s*(?:我的|我们的)?\s*(?:{_SERVICES}|群)"),
    "ja": (rf"(?:私の|自分の|うちの)\s*{_OWNED}",
           rf"(?:{_SERVICES})\s*(?:に|へ)\s*(?:投稿|送信|共有)"),
    "es": (rf"(?:mi|mis|nuestro|nuestra)\s+{_OWNED}",
           rf"(?:publica|env[ií]a|comparte|sube)\w*\s+(?:\S+\s+){{0,6}}?(?:a|en)\s+(?:mi\s+)?"
           rf"(?:{_SERVICES})"),
    "pt": (rf"(?:meu|minha|nosso|nossa)\s+{_OWNED}",
           rf"(?:publique|envie|compartilhe|poste)\w*\s+(?:\S+\s+){{0,6}}?(?:no|na|para\s+o)\s+"
           rf"(?:meu\s+)?(?:{_SERVICES})"),
    "fr": (rf"(?:mon|ma|mes|notre)\s+{_OWNED}",
           rf"(?:publie|envoie|partage|poste)\w*\s+(?:\S+\s+){{0,6}}?(?:sur|dans)\s+(?:mon\s+)?"
           rf"(?:{_SERVICES})"),
    "de": (rf"(?:mein|meine|meinem|meinen|unser\w*)\s+{_OWNED}",
           rf"(?:poste|sende|teile|schick)\w*\s+(?:\S+\s+){{0,6}}?(?:in|an|auf)\s+(?:mein\w*\s+)?"
           rf"(?:{_SERVICES})"),
    "ru": (rf"(?:мо[йюеёи]\w*|наш\w*)\s+{_OWNED}",
           rf"(?:опублику|отправ|запост)\w*\s+(?:\S+\s+){{0,6}}?(?:в|на)\s+(?:{_SERVICES})"),
}
# Looking up the weather: it is the live service's, now ("will it rain tomorrow", "查一下北京
# 天气", "明天会不会下雨"). Writing a weather app or explaining rain asks for none.
WEATHER_LOOKUP: Table = {
    "en": (r"(?:what(?:'s|\s+is|\s+will\s+be)|how(?:'s|\s+is)|check|look\s+up|get|tell\s+me)\s+"
           r"the\s+(?:current\s+|latest\s+)?(?:weather|forecast|temperature|air\s+quality|aqi)"
           r"(?:\s+(?:like\s+)?(?:in|for|at|today|tomorrow|now|this))",
           r"(?:will|is)\s+it\s+(?:going\s+to\s+)?(?:rain|snow)\s+(?:in|at|today|tomorrow|"
           r"tonight|this|on)",
           r"(?:what(?:'s|\s+is)|check|get|tell\s+me|give\s+me|look\s+up|pull|fetch)\s+(?:me\s+)?"
           r"(?:today's|tomorrow's|this\s+week's|the\s+current)\s+(?:weather|forecast)"),
    "zh": (r"(?:查|看|问|問)(?:一下|下)?[^\s，。,.；;？?]{0,8}?"
           r"(?:天气|天氣|气温|氣溫|空气质量|空氣質量|"
           r"AQI|降水|预报|預報)",
           r"(?:天气|天氣|气温|氣溫)(?:怎么样|怎麼樣|如何|好不好|咋样|咋樣)",
           r"(?:今天|明天|后天|後天|现在|現在|今晚|本周|这周|這週|下午|上午|去年)[^\s，。,.；;]{0,8}?"
           r"(?:会不会下雨|會不會下雨|下雨吗|下雨嗎|多少度|冷不冷|热不热|熱不熱)",
           r"(?:会不会|會不會)下(?:雨|雪)"),
    "ja": (r"(?:今日|明日|明後日|今週|今夜|現在)の?[^\s、。]{0,8}?(?:天気|気温|降水|予報)",
           r"(?:雨|雪)(?:は)?降(?:る|り)ます?か"),
    "es": (r"(?:qu[eé]\s+tiempo\s+(?:hace|har[aá])|el\s+clima\s+(?:en|de\s+hoy|de\s+ma[nñ]ana)|"
           r"(?:va\s+a\s+)?llover\s+(?:hoy|ma[nñ]ana)|pron[oó]stico\s+(?:del\s+tiempo\s+)?"
           r"(?:para|en|de)\s+(?:hoy|ma[nñ]ana|\w+))",),
    "pt": (r"(?:como\s+est[aá]\s+o\s+tempo|previs[aã]o\s+do\s+tempo\s+(?:para|em|de)|"
           r"vai\s+chover\s+(?:hoje|amanh[aã]|em))",),
    "fr": (r"(?:quel\s+temps\s+(?:fait-il|fera-t-il|fait|fera)|m[eé]t[eé]o\s+(?:de|pour|à|"
           r"d'aujourd'hui|de\s+demain)|(?:va-t-il|il\s+va)\s+pleuvoir)",),
    "de": (r"(?:wie\s+wird\s+das\s+wetter|wie\s+ist\s+das\s+wetter|wetter\s+(?:heute|morgen|in)|"
           r"regnet\s+es\s+(?:heute|morgen)|wird\s+es\s+(?:heute|morgen)\s+regnen)",),
    "ru": (r"(?:какая|какой)\s+(?:сейчас\s+|завтра\s+|сегодня\s+)?погод\w*|погод\w*\s+(?:в|на)\s+"
           r"(?:сегодня|завтра|\w+)|будет\s+ли\s+дождь",),
}
# Asking an image model or service to draw: "generate it with DALL-E", "用 Seedream 生图",
# "image-generation API". Drawing with code (an SVG, a matplotlib chart) needs none.
_IMAGE_MODELS = (r"dall[-·\s]?e(?:\s*[23])?|midjourney|stable\s*diffusion|sdxl|seedream|"
                 r"imagen\s*\d?|flux(?:\.\d|\s+(?:pro|dev|schnell))|gpt-image-\d|"
                 r"nano\s+banana|即梦|即夢|通义万相|通義萬相|文心一格|可灵|可靈|豆包生图")
IMAGE_SERVICE: Table = {
    "en": (r"image[- ]generation\s+(?:api|model|service|endpoint|tool)",
           rf"(?:with|using|via|through|on|in)\s+(?:{_IMAGE_MODELS})",
           rf"(?:{_IMAGE_MODELS})\s+(?:api|to\s+(?:generate|create|render|draw|make))"),
    "zh": (rf"(?:用|使用|调用|調用|通过|通過)\s*(?:{_IMAGE_MODELS})",
           r"(?:生图|生圖|文生图|文生圖|AI\s*(?:绘图|繪圖|绘画|繪畫|作图|作圖))"),
    "ja": (rf"(?:{_IMAGE_MODELS})\s*(?:で|を使って|を使い)",
           r"画像生成\s*(?:API|モデル|サービス)"),
    "es": (rf"(?:con|usando|mediante)\s+(?:{_IMAGE_MODELS})",
           r"(?:api|modelo|servicio)\s+de\s+generaci[oó]n\s+de\s+im[aá]genes"),
    "pt": (rf"(?:com|usando|via)\s+(?:o\s+)?(?:{_IMAGE_MODELS})",
           r"(?:api|modelo|servi[cç]o)\s+de\s+gera[cç][aã]o\s+de\s+imagens"),
    "fr": (rf"(?:avec|via|en\s+utilisant)\s+(?:{_IMAGE_MODELS})",
           r"(?:api|mod[eè]le|service)\s+de\s+g[eé]n[eé]ration\s+d'images"),
    "de": (rf"(?:mit|per|über)\s+(?:{_IMAGE_MODELS})",
           r"bildgenerierungs-?\s*(?:api|modell|dienst)"),
    "ru": (rf"(?:с\s+помощью|через|в)\s+(?:{_IMAGE_MODELS})",
           r"(?:api|модел\w*|сервис\w*)\s+генерации\s+изображений"),
}
# Not to do it now: "don't generate yet", "先不要生成", "sin generar".
HOLD_OFF: Table = {
    "en": (r"(?:don't|do\s+not|without)\s+(?:\w+\s+)?(?:generat|render|draw|creat|call|run)\w*",),
    "zh": (r"(?:先)?(?:不要|别|別|不用|无需|無需)(?:重新)?(?:生成|生图|生圖|调用|調用|出图|出圖)",),
    "ja": (r"(?:生成|作成)(?:しないで|せずに|はまだ)",),
    "es": (r"(?:no|sin)\s+(?:\w+\s+)?gener\w*",),
    "pt": (r"(?:n[aã]o|sem)\s+(?:\w+\s+)?ger\w*",),
    "fr": (r"(?:ne\s+g[eé]n[eè]re\s+pas|sans\s+g[eé]n[eé]rer)",),
    "de": (r"(?:nicht|ohne\s+zu)\s+(?:\w+\s+)?generier\w*",),
    "ru": (r"не\s+(?:\w+\s+)?генерир\w*",),
}
# A question asking for advice about the user's machine or account ("how should I configure my
# firewall?", "what does this error on my machine mean?") is answered in words: gradable. A
# request to act there ("can you clean up my Downloads?", "what is in my Downloads?") is not.
ADVICE_ASK: Table = {
    "en": (r"how\s+(?:should|do|can|could|would|might)\s+(?:I|we)|how\s+to|what\s+does\b[^?.!]*"
           r"\bmean|why\s+(?:does|is|do|would|am|are|did)|should\s+(?:I|we)|"
           r"what(?:'s|\s+is)\s+the\s+(?:best|right|safest)\s+way|is\s+it\s+(?:safe|ok|okay|wise)|"
           r"what\s+(?:should|can)\s+(?:I|we)|(?:any\s+)?(?:advice|tips)\s+(?:on|for)",),
    "zh": (r"怎么|怎麼|怎样|怎樣|如何|为什么|為什麼|什么意思|什麼意思|"
           r"是什么原因|是什麼原因|应该|應該|"
           r"要不要|有什么建议|有什麼建議",),
    "ja": (r"どう(?:やって|すれば|したら|設定)|なぜ|どういう意味|べきですか|おすすめ",),
    "es": (r"c[oó]mo\s+(?:debo|deber[ií]a|puedo|configuro|hago)|qu[eé]\s+significa|por\s+qu[eé]|"
           r"deber[ií]a",),
    "pt": (r"como\s+(?:devo|deveria|posso|configuro|fa[cç]o)|o\s+que\s+significa|por\s+que|devo",),
    "fr": (r"comment\s+(?:dois-je|devrais-je|puis-je|configurer|faire)|que\s+signifie|pourquoi|"
           r"dois-je|devrais-je",),
    "de": (r"wie\s+(?:sollte|kann|soll)\s+ich|was\s+bedeutet|warum|wieso|sollte\s+ich",),
    "ru": (r"как\s+(?:мне|лучше|настроить|правильно)|что\s+означает|почему|стоит\s+ли",),
}
HELD_IN_WORDS_RE = compiled(HELD_IN_WORDS)
MATERIAL_BELOW_RE = compiled(MATERIAL_BELOW)
EARLIER_STATE_RE = compiled(EARLIER_STATE)
OWN_SERVICE_RE = compiled(OWN_SERVICE)
WEATHER_LOOKUP_RE = compiled(WEATHER_LOOKUP)
IMAGE_SERVICE_RE = compiled(IMAGE_SERVICE)
HOLD_OFF_RE = compiled(HOLD_OFF)
ADVICE_ASK_RE = compiled(ADVICE_ASK)
# With a skill whose own scripts reach the network: what a live source published lately ("最近
# 发了什么文章", "the latest posts", "los últimos informes") or a file to download is that
# source's, now. A case that stages nothing has no copy of it.
_PUBLISHED_ZH = (r"文章|帖子|动态|動態|微博|推文|年报|年報|季报|季報|公告|财报|財報|报告|報告|"
                 r"新闻|新聞|视频|視頻")
FROM_SOURCE: Table = {
    "en": (r"(?:latest|newest|most\s+recent|recent|today's)\s+(?:\d+\s+)?(?:[\w-]+\s+)?(?:posts?|"
           r"articles?|tweets?|topics?|filings?|annual\s+reports?|quarterly\s+reports?|reports?|"
           r"announcements?|headlines|videos?|issues|releases?)",
           r"download\s+(?:the\s+)?(?:[\w-]+\s+){0,5}?(?:reports?|filings?|pdf|attachments?|files?)"),
    "zh": (rf"(?:最近|最新|近期|今天|今日)(?:的)?[^\s，。,.；;]{{0,6}}?(?:{_PUBLISHED_ZH})",
           rf"(?:下载|下載)[^，。,.；;]{{0,24}}?(?:{_PUBLISHED_ZH}|PDF|附件|文件)"),
    "ja": (r"(?:最新|最近|今日)の[^\s、。]{0,6}?(?:記事|投稿|ツイート|報告書|決算|ニュース|動画)",
           r"(?:報告書|PDF|添付ファイル)を?ダウンロード"),
    "es": (r"(?:[uú]ltim[oa]s|recientes)\s+(?:\d+\s+)?(?:art[ií]culos|publicaciones|posts|tuits|"
           r"informes|noticias|v[ií]deos)",
           r"descarga\w*\s+(?:\w+\s+){0,4}?(?:informe|pdf|adjunto|archivo)"),
    "pt": (r"(?:[uú]ltim[oa]s|recentes)\s+(?:\d+\s+)?(?:artigos|publica[cç][oõ]es|posts|"
           r"relat[oó]rios|not[ií]cias|v[ií]deos)",
           r"baix[ae]\w*\s+(?:\w+\s+){0,4}?(?:relat[oó]rio|pdf|anexo|arquivo)"),
    "fr": (r"derni(?:er|ère)s\s+(?:\d+\s+)?(?:articles|publications|posts|tweets|rapports|"
           r"actualit[eé]s|vid[eé]os)",
           r"t[eé]l[eé]charge\w*\s+(?:\w+\s+){0,4}?(?:rapport|pdf|pi[eè]ce\s+jointe|fichier)"),
    "de": (r"(?:neueste[nr]?|letzte[nr]?|aktuelle[nr]?)\s+(?:\d+\s+)?(?:artikel|beitr[aä]ge|"
           r"posts|tweets|berichte|geschäftsberichte|meldungen|videos)",
           r"(?:lade|herunterladen)\s+(?:\w+\s+){0,4}?(?:bericht|pdf|anhang|datei)"),
    "ru": (r"(?:последни\w+|свеж\w+|новы\w+)\s+(?:\d+\s+)?(?:стат\w+|пост\w*|публикаци\w+|"
           r"отч[её]т\w*|новост\w+|видео)",
           r"скача\w*\s+(?:\w+\s+){0,4}?(?:отч[её]т\w*|pdf|вложени\w+|файл\w*)"),
}
FROM_SOURCE_RE = compiled(FROM_SOURCE)


# An action in words, as a list of what the run must not do writes one: a verb in the form
# such lists use (an infinitive, a gerund, an imperative) first, or second after a
# lower-case adverb ("молча объединить определения", "automatically approve"). German puts
# its infinitive last ("SVG manuell bearbeiten"). A noun that looks like an infinitive is
# left out by its ending ("часть", "новость", "двадцать"), never by a list of phrases.
_RU_NOUN_ENDS = (r"(?<!ость)(?<!ости)(?<!есть)(?<!асть)(?<!асти)(?<!ясть)(?<!сять)"
                 r"(?<!цать)(?<!ерть)(?<!ети)")
# nouns and adjectives of Spanish and Portuguese that end as an infinitive does
_NOT_NOUN = (r"(?!(?:lugar|hogar|mujer|mulher|taller|alquiler|ayer|placer|prazer|az[uú]car|"
             r"militar|popular|similar|particular|familiar|singular|titular|celular|mar|bar|"
             r"par|ser|poder|dever|deber|elixir)(?!\w))")
ACTION_FIRST: Table = {
    "en": (r"to\s+[a-z]+",
           # a gerund ("inventing current prices"), not a noun in -ing
           r"(?!(?:some|no|any|every)?things?(?!\w)|strings?(?!\w)|during(?!\w)|"
           r"(?:morn|even|ceil|k|r|spr|w|sibl|wedd|pudd|build|meet|sett|head|padd|pric|"
           r"brand|market|cloth|rat|rank|hear|warn|open|feel|find|sav|earn|draw)ings?(?!\w))"
           r"[a-z]{3,}ing",
           # an imperative among the verbs of acting on the work or the user ("merge
           # definitions silently", "edit the SVG by hand")
           r"(?:add|approve|assume|bypass|change|claim|commit|copy|create|delete|deploy|"
           r"disable|drop|edit|execute|expose|fabricate|fake|force|guess|hardcode|hide|ignore|"
           r"install|invent|leak|merge|modify|move|overwrite|promise|publish|push|remove|"
           r"rename|replace|reset|reveal|rewrite|run|send|share|skip|store|submit|truncate|"
           r"update|write|"
           # ...and of showing or reaching what it should not ("Print private facts", "Call
           # the production API")
           r"print|log|display|echo|dump|disclose|paste|mention|quote|access|invoke|call|"
           r"fetch|download|upload|post|spawn|kill)(?=\s)",),
    # (an infinitive only: an imperative, "Обратите внимание", is a phrase one writes too)
    "ru": (rf"(?!(?:путь|суть|ртуть|смерть)(?!\w))[а-яё]{{2,}}(?:ть|ти|чь)(?:ся|сь)?"
           rf"{_RU_NOUN_ENDS}",),
    "es": (rf"{_NOT_NOUN}[a-zñáéíóú]{{2,}}(?:ar|er|ir)(?:lo|la|los|las|le|les|se|me|te|nos)?",),
    "pt": (rf"{_NOT_NOUN}[a-zçãõáéíóúâêô]{{2,}}(?:ar|er|ir)(?:-(?:lo|la|los|las|se|me|te|nos))?|"
           r"(?:com|pro|su|im|ex|dis|pre)?p[oô]r",),
    "fr": (r"[a-zàâçéèêëîïôûùüÿœ]{3,}(?:er|ir)|"
           r"[a-zàâçéèêëîïôûùüÿœ]*(?:fai|di|écri|li|mett|prend|rend|répond|clu|dui|suiv|"
           r"attend|entend|fend|perd|vend|strui|croi|paraît|connaît|batt|romp)re",),
    "it": (r"[a-zàèéìòù]{3,}(?:are|ere|ire)(?:lo|la|li|le|si|ne|mi|ti|ci)?",),
}
# German: its infinitive last, lower-case (a noun is capitalised), in a phrase that is German
# by a word or a letter of its own (so English "API token" is none).
_DE_VERB_LAST = re.compile(r"(?:^|\s)(?:zu\s+)?[a-zäöüß]{3,}(?:en|ern|eln)\s*$")
_DE_MARK = re.compile(r"[äöüß]|(?<!\w)(?:der|die|das|den|dem|des|ein|eine|einen|einem|zu|"
                      r"mit|ohne|für|auf|aus|im|vom|zum|nicht|alle|manuell|direkt|sofort|"
                      r"selbst|einfach|still|heimlich|automatisch)(?!\w)")
_ACTION_FIRST_RE = re.compile(rf"(?:{alternation(ACTION_FIRST)})", re.IGNORECASE)
# Chinese writes no spaces: a verb of acting on the work first (after an adverb of manner),
# then an object of two characters or more ("擅自删除用户文件"; "删除线" is a noun, "编造"
# alone one word: both stay literal).
_ZH_ACTION = re.compile(
    r"^(?:擅自|直接|随意|隨意|自行|私自|默认|默認|主动|主動|盲目|机械地?|機械地?|悄悄|偷偷)?"
    r"(?:编造|編造|虚构|虛構|伪造|偽造|删除|刪除|修改|跳过|跳過|忽略|省略|创建|創建|声称|聲稱|"
    r"承诺|承諾|猜测|猜測|泄露|洩露|覆盖|覆蓋|提交|合并|合併|改写|改寫|替换|替換|假设|假設|"
    r"套用|推荐|推薦|下结论|下結論|写入|寫入|执行|執行|发布|發布)"
    rf"{_CJK_CHAR}{{2,}}")
_ADVERB = re.compile(r"^[a-zа-яёäöüßàâçéèêëîïôûùüÿœñáíóúãõ]+\s+")


def names_an_action(text: str) -> bool:
    """`text`, two words or more, is an action in words ("silently merge the definitions",
    "молча объединить определения", "editar el SVG a mano", "SVG manuell bearbeiten",
    "擅自删除用户文件"): what the run does, never a text it writes."""
    text = " ".join(text.split()).strip().rstrip(".;。；")
    if _ZH_ACTION.match(text):
        return True
    if len(text.split()) < 2:
        return False
    if _ACTION_FIRST_RE.match(text):
        return True
    adverb = _ADVERB.match(text)  # a lower-case word first: an adverb, then the verb
    if adverb is not None and _ACTION_FIRST_RE.match(text, adverb.end()) \
            and len(text.split()) >= 3:
        return True
    return bool(_DE_VERB_LAST.search(text) and _DE_MARK.search(text.lower()))
