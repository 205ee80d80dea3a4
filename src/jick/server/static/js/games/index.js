// The registry of game modules: the page finds a game's module by the server's name of the game.

import { liftsmoke } from "./liftsmoke.js";
import { smear } from "./smear.js";
import { tarok } from "./tarok.js";

export { actionKey } from "./common.js";

/** @type {Record<string, import("./interface.js").Game>} */
const GAMES = { smear, tarok, liftsmoke };

/**
 * The module of a game by its name; an unknown name is an error the page reports.
 * @param {string} name
 * @returns {import("./interface.js").Game}
 */
export function gameOf(name) {
  const game = GAMES[name];
  if (!game) throw new Error(`This page does not know the game ${JSON.stringify(name)}`);
  return game;
}
