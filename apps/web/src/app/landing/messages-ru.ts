// Only the parts of the locale the landing shows, not the SPA's whole ru.json (vite.config.ts: landingMessages).
import ru from 'virtual:landing-messages/ru';

export default ru;
