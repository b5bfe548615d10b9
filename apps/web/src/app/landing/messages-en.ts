// Only the parts of the locale the landing shows, not the SPA's whole en.json (vite.config.ts: landingMessages).
import en from 'virtual:landing-messages/en';

export default en;
