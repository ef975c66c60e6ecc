// Early requests (see src/lib/early-requests.ts): the first API reads of this page start
// now, while the app's code downloads; the app takes each answer once. Plain ES2017, no
// imports: a classic script that index.html loads before the app's module, a file of its own
// rather than inline so that the Content-Security-Policy allows no inline script at all
// (docs/security.md#content-security-policy; the build gives it a hashed name, vite.config.ts
// earlyModules). early-requests.test.tsx checks that the app asks for exactly these paths.
(function () {
  var early = { at: Date.now(), responses: {} };
  window.__comensalEarly = early;
  // `pictureOf(answer)`: the picture the page shows first (its largest element), loaded
  // as soon as the answer names it rather than once the page has rendered.
  function get(path, pictureOf) {
    var response = fetch(path, { headers: { Accept: 'application/json' }, credentials: 'same-origin' });
    response.catch(function () {});
    early.responses[path] = response;
    if (!pictureOf) return;
    response
      .then(function (answer) {
        return answer.ok ? answer.clone().json() : null;
      })
      .then(function (body) {
        var href = body && pictureOf(body);
        if (typeof href !== 'string' || href.charAt(0) !== '/') return;
        var link = document.createElement('link');
        link.rel = 'preload';
        link.setAttribute('as', 'image');
        link.href = href;
        link.setAttribute('fetchpriority', 'high');
        document.head.appendChild(link);
        early.picture = href;
      })
      .catch(function () {});
  }
  function firstCover(list) {
    return list.items && list.items[0] && list.items[0].coverUrl;
  }
  function cover(restaurant) {
    return restaurant.coverUrl;
  }
  // An uploaded picture (`<name>.<width>w.webp`) comes in several widths and the page picks one
  // by its srcset: preloading one of them could fetch a second file, so only a picture that is a
  // single file is preloaded.
  function dishPicture(dish) {
    return /\.\d+w\.webp$/.test(dish.imageUrl || '') ? null : dish.imageUrl;
  }
  // The code the page needs beyond the entry (its route modules, the catalog of its
  // language), preloaded while the entry downloads. The build fills the table
  // (vite.config.ts, earlyModules); it stays empty in development.
  var modules = {}; /* EARLY_MODULES */
  early.modules = [];
  // A page the server wrote (src/lib/server-state.ts, docs/decisions/0039-server-written-first-screen.md)
  // carries the answers it was drawn from, and names the app's modules instead of loading them in
  // its head: they are asked for once the page has painted, so that the markup and its styles
  // have the connection to themselves until then.
  var written = document.getElementById('server-state');
  var later = [];
  // Until the app has taken a written page over (its `comensal:taken-over` event,
  // src/lib/hydrate-later.tsx), a button does nothing and a field's change reaches no one (or only
  // the part of the page taken over first). What the diner does meanwhile is kept, out of the
  // page's reach, and handed to the app then: the last button tapped is tapped again, and each
  // field changed tells the app its value (its input and change events). A link is left alone: it
  // loads its page as any link does.
  function keepEarlyTaps() {
    var tapped = null;
    var changed = [];
    function onClick(event) {
      var target = event.target;
      var button = target && target.closest ? target.closest('button') : null;
      if (!button || button.disabled) return;
      event.preventDefault();
      event.stopPropagation();
      tapped = button;
    }
    function onField(event) {
      event.stopPropagation();
      if (changed.indexOf(event.target) < 0) changed.push(event.target);
    }
    document.addEventListener('click', onClick, true);
    document.addEventListener('input', onField, true);
    document.addEventListener('change', onField, true);
    document.addEventListener(
      'comensal:taken-over',
      function () {
        document.removeEventListener('click', onClick, true);
        document.removeEventListener('input', onField, true);
        document.removeEventListener('change', onField, true);
        changed.forEach(function (field) {
          if (!field.isConnected) return;
          field.dispatchEvent(new Event('input', { bubbles: true }));
          field.dispatchEvent(new Event('change', { bubbles: true }));
        });
        if (tapped && tapped.isConnected) tapped.click();
      },
      { once: true },
    );
  }
  function modulePreload(href) {
    var link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.appendChild(link);
  }
  function preload(key) {
    early.modules.push(key);
    (modules[key] || []).forEach(function (href) {
      if (written) later.push(href);
      else modulePreload(href);
    });
  }
  if (written) {
    keepEarlyTaps();
    var started = false;
    var startApp = function () {
      if (started) return;
      started = true;
      var script = document.createElement('script');
      script.type = 'module';
      script.crossOrigin = 'anonymous';
      script.src = written.getAttribute('data-entry');
      document.head.appendChild(script);
      (written.getAttribute('data-preload') || '')
        .split(' ')
        .concat(later)
        .forEach(function (href) {
          if (href) modulePreload(href);
        });
    };
    // Once the page has painted: the browser's first-contentful-paint entry (a frame's callback
    // runs before that frame is shown, so requests started there still compete with the paint),
    // else the first frame. A tab opened in the background paints nothing until it is shown: its
    // timers still run, so the app starts by then anyway.
    var types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
    if (types.indexOf('paint') >= 0) {
      new PerformanceObserver(function (list, observer) {
        if (list.getEntriesByName('first-contentful-paint').length === 0) return;
        observer.disconnect();
        startApp();
      }).observe({ type: 'paint', buffered: true });
    } else {
      requestAnimationFrame(function () {
        setTimeout(startApp, 0);
      });
    }
    setTimeout(startApp, 1500);
  }
  var locale = null;
  try {
    locale = localStorage.getItem('locale');
  } catch (e) {}
  if (locale !== 'es-ES' && locale !== 'en-US') {
    locale = /^es/i.test((navigator.language || '').trim()) ? 'es-ES' : 'en-US';
  }
  preload(locale);

  get('/api/auth/get-session');
  var path = location.pathname;
  var id = '[A-Za-z0-9_-]+';
  var uuid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
  var match;
  if (written) {
    // nothing more to ask for
  } else if (path === '/' && !location.search && !location.hash) {
    var remembered = null;
    try {
      remembered = localStorage.getItem('restaurantId');
    } catch (e) {}
    if (remembered && /^[A-Za-z0-9_-]+$/.test(remembered)) get('/api/restaurants/' + remembered, cover);
    else get('/api/restaurants', firstCover);
  } else if ((match = new RegExp('^/restaurants/(' + id + ')/menu$').exec(path))) {
    get('/api/restaurants/' + match[1] + '/menu');
    get('/api/restaurants/' + match[1]);
  } else if ((match = new RegExp('^/restaurants/(' + id + ')/articles/(' + uuid + ')$').exec(path))) {
    // a dish (the page a dish's QR code or a shared link opens): the dish, its picture, the
    // restaurant, and its route code
    get('/api/restaurants/' + match[1] + '/menu/' + match[2], dishPicture);
    get('/api/restaurants/' + match[1]);
    preload('product');
  } else if ((match = new RegExp('^/restaurants/(' + id + ')$').exec(path))) {
    get('/api/restaurants/' + match[1]);
  } else if ((match = new RegExp('^/restaurants/(' + id + ')/reservations$').exec(path))) {
    // the reservation form (its free times need the restaurant first)
    get('/api/restaurants/' + match[1]);
  } else if ((match = new RegExp('^/restaurants/' + id + '/reservations/(' + id + ')/order$').exec(path))) {
    // the table's order: the reservation (its heading), its orders, its total and the requests
    // to join (the orders wait for them), all at once rather than once the reservation has come
    get('/api/reservations/' + match[1]);
    get('/api/reservations/' + match[1] + '/orders');
    get('/api/reservations/' + match[1] + '/total');
    get('/api/reservations/' + match[1] + '/join-requests');
  } else if (
    (match = new RegExp('^/restaurants/' + id + '/reservations/(' + id + ')/confirmation$').exec(path))
  ) {
    // the bill: the reservation and the bill's four reads at once, rather than the bill's
    // only once the reservation has come
    get('/api/reservations/' + match[1]);
    get('/api/reservations/' + match[1] + '/total');
    get('/api/reservations/' + match[1] + '/orders');
    get('/api/reservations/' + match[1] + '/pending-payments');
    get('/api/reservations/' + match[1] + '/transactions');
  }
  var reservation = '^/restaurants/' + id + '/reservations';
  if (path === '/') preload('home');
  else if (new RegExp('^/restaurants/' + id + '/menu$').test(path)) preload('menu');
  else if (new RegExp('^/restaurants/' + id + '$').test(path)) preload('profile');
  else if (new RegExp(reservation + '$').test(path)) preload('reservation');
  else if (new RegExp(reservation + '/' + id + '/order$').test(path)) preload('order');
  else if (new RegExp(reservation + '/' + id + '/confirmation$').test(path)) preload('bill');
})();
