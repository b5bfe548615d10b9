/**
 * The embed player's entry (embed.html, its own small bundle: no React, no app): the page arrives
 * rendered by the server, and this only makes it play.
 */
import './embed.css';
import { mountEmbed } from './player';

mountEmbed(document);
