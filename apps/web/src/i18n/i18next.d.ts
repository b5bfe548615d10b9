import 'i18next';
import type enDocuments from './documents/en.json';
import type en from './en.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en; documents: typeof enDocuments };
  }
}
