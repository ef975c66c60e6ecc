// Message ids are checked against the en-US catalog: a typo is a type error.
import type enUS from '@/locales/en-US.json';

declare global {
  namespace FormatjsIntl {
    interface Message {
      ids: keyof typeof enUS;
    }
  }
}
