// Middleware is on (data mode): loaders, actions and middleware get a RouterContextProvider.
import 'react-router';

declare module 'react-router' {
  interface Future {
    v8_middleware: true;
  }
}
