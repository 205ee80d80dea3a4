// The one interface every game module implements (games/smear.js, games/tarok.js, games/liftsmoke.js).
// The shared page code (table, replay, felt, cards) reaches a game only through it: it never names a game.
// Observations are typed by observations.d.ts, generated from the Python games (scripts/gen_page_types.py).

/**
 * A seat's name as the page shows it ("You", a player's name, "Normal bot 2").
 * @typedef {(seat: number) => string} Names
 */

/**
 * How a summary or a score sheet names seats and sides (Smear's partnerships are sides).
 * @typedef {Object} Ctx
 * @property {Names} names
 * @property {(side: number) => string} sideNames
 */

/**
 * How many cards a seat must (or may) select in a discard turn, and the verb of its button.
 * @typedef {Object} DiscardRule
 * @property {number} min
 * @property {number} max
 * @property {boolean} free  the seat chooses how many (within min..max)
 * @property {boolean} [mayStop]  "done" is legal: the seat may keep every card
 * @property {string} verb
 */

/**
 * One entry of the score bar.
 * @typedef {Object} ScoreEntry
 * @property {string} name
 * @property {number|string} score
 * @property {boolean} mine
 * @property {string} [title]
 */

/**
 * Cards on the table besides the trick (a kitty, a widow half, the turned trump), or a counter (stock, pot).
 * @typedef {{label: string, cards: (string|import("../cards.js").CardJson)[]} | {label: string, counter: "stock"|"pot", value: number}} Extra
 */

/**
 * One entry of the "so far" panel: a point (or count) and who holds it now.
 * @typedef {Object} LivePoint
 * @property {string} key  a stable name ("high", "pot")
 * @property {string} label
 * @property {string} who
 * @property {boolean} mine  it is the own side's
 * @property {boolean} [soft]  it may still change ("so far")
 * @property {string} [title]
 */

/**
 * The "so far" panel of a deal in play: a headline (the bid against what is taken) and its entries.
 * @typedef {{head: string, items: LivePoint[]}} LivePoints
 */

/**
 * The rows of the record report: one entry per scored deal (the fields differ by game).
 * @typedef {Object} ReportEntry
 * @property {number} deal
 * @property {number[]} scores
 */

/**
 * A game as the page sees it, reading observations of type ``O`` (observations.d.ts).
 * @template [O=any]
 * @typedef {Object} Game
 * @property {string} name  the server's name of the game ("smear")
 * @property {import("../cards.js").Deck} deck  how its cards read and look
 * @property {string} dealWord  what one deal is called, lower case ("hand", "deal", "game")
 * @property {string} summaryTitle  the title of the dialog after a deal
 * @property {string} discardedWord  what the own discards are called in a replay ("discarded")
 * @property {string} discardableState  a card that may be discarded, for a screen reader ("may be discarded")
 * @property {string} outOfCards  the note under an empty hand during play ("" for none)
 * @property {(action: string) => string} actionLabel  the words on a decision's button
 * @property {(action: string) => string} actionClass  extra CSS classes of a decision's button ("" for none)
 * @property {(action: string) => string} logText  a log line's verb phrase for an action ("bids 5")
 * @property {(before: O, obs: O, seat: number) => string|null} logGuess  the log line of a seat's action the observation does not name, from the observations before and after it
 * @property {(obs: O) => number|null} lastDealNumber  the number of the last scored deal, from an observation
 * @property {(obs: O, side: number, names: Names) => string} sideName  a side's name (a seat's for games without sides)
 * @property {(obs: O, names: Names, rules: any) => string} infoHTML  the line under the title (HTML)
 * @property {(obs: O, rules: any, names: Names) => LivePoints|null} [livePoints]  what the tricks played so far in this deal gave each side (public facts only)
 * @property {(obs: O, seat: number, rules: any) => string} seatTags  the small tags under a seat's name (HTML)
 * @property {(obs: O, names: Names) => ScoreEntry[]} scoreboard  the score bar (a partnership game: "Us" and "Them" for a seat)
 * @property {(obs: O) => number[]} partners  the seats known to play on the observer's side now (none for a spectator, or where each plays for himself)
 * @property {(obs: O, rules: any) => string} promptText  what the seat to act is asked now
 * @property {(obs: O, rules: any) => DiscardRule} discardRule  the discard turn's rule
 * @property {(obs: O) => Extra[]} extras  cards on the live table besides the trick
 * @property {(view: O) => Extra[]} replayExtras  cards on the replay's table besides the trick
 * @property {(hand: import("../cards.js").CardJson[], obs: O) => import("../cards.js").CardJson[]} sortHand  the hand in a readable order
 * @property {(entry: any, ctx: Ctx) => string} summaryHTML  the summary of one scored deal (HTML)
 * @property {(report: any) => ReportEntry[]} reportEntries  the report's scored deals
 * @property {(report: any, ctx: Ctx) => string} sheetHTML  the score sheet (HTML)
 * @property {(obs: O, names: Names) => string} resultHTML  the match's result in one line (HTML)
 */

export {};
