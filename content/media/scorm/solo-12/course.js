/* A tiny SCORM course of our own (works with SCORM 1.2 and 2004 run-times such as scorm-again).
   Three pages and a question; the page is remembered in the location element, so a relaunch
   resumes where the learner stopped; answering right completes (and passes) the course. */
(function () {
  var html = document.documentElement;
  var version = html.getAttribute('data-scorm');
  var TEXT = window.COURSE_TEXT;
  var lang = (new URLSearchParams(location.search).get('lang') || navigator.language || 'pt-BR');
  lang = lang.indexOf('es') === 0 ? 'es' : lang.indexOf('en') === 0 ? 'en' : 'pt-BR';
  var t = TEXT[lang];

  function findApi(name) {
    var w = window;
    for (var i = 0; i < 10 && w; i++) {
      if (w[name]) return w[name];
      if (w === w.parent) break;
      w = w.parent;
    }
    return window.opener && window.opener[name] ? window.opener[name] : null;
  }
  var api = findApi(version === '1.2' ? 'API' : 'API_1484_11');
  var keys = version === '1.2'
    ? { location: 'cmi.core.lesson_location', status: 'cmi.core.lesson_status', score: 'cmi.core.score.raw', suspend: 'cmi.suspend_data' }
    : { location: 'cmi.location', status: 'cmi.completion_status', score: 'cmi.score.scaled', suspend: 'cmi.suspend_data' };
  function call(name12, name2004) {
    if (!api) return '';
    var args = Array.prototype.slice.call(arguments, 2);
    var fn = api[version === '1.2' ? name12 : name2004];
    return fn ? String(fn.apply(api, args)) : '';
  }
  var get = function (k) { return call('LMSGetValue', 'GetValue', k); };
  var set = function (k, v) { return call('LMSSetValue', 'SetValue', k, String(v)); };
  var commit = function () { return call('LMSCommit', 'Commit', ''); };

  call('LMSInitialize', 'Initialize', '');
  var status = get(keys.status);
  if (!status || status === 'not attempted' || status === 'unknown') set(keys.status, 'incomplete');
  var page = parseInt(get(keys.location), 10);
  if (!(page >= 0 && page <= t.pages.length)) page = 0;

  var body = document.getElementById('course');
  document.getElementById('title').textContent = t.title;
  document.getElementById('mode').textContent = api ? '' : t.preview;

  function finishedText() {
    var s = get(keys.status);
    var done = version === '1.2' ? (s === 'passed' || s === 'completed') : s === 'completed';
    return done ? t.done : '';
  }

  function render() {
    body.innerHTML = '';
    var h = document.createElement('h2');
    var p = document.createElement('p');
    if (page < t.pages.length) {
      h.textContent = (page + 1) + '/' + (t.pages.length + 1) + ' · ' + t.pages[page][0];
      p.textContent = t.pages[page][1];
      body.appendChild(h);
      body.appendChild(p);
    } else {
      h.textContent = (page + 1) + '/' + (t.pages.length + 1) + ' · ' + t.question;
      body.appendChild(h);
      t.options.forEach(function (o, i) {
        var b = document.createElement('button');
        b.type = 'button';
        b.className = 'option';
        b.textContent = o;
        b.setAttribute('data-option', String(i));
        b.onclick = function () { answer(i); };
        body.appendChild(b);
      });
      p.id = 'result';
      p.textContent = finishedText();
      body.appendChild(p);
    }
    document.getElementById('prev').disabled = page === 0;
    document.getElementById('next').disabled = page >= t.pages.length;
  }

  function go(n) {
    page = n;
    set(keys.location, page);
    commit();
    render();
  }

  function answer(i) {
    var right = i === t.correct;
    set(keys.suspend, JSON.stringify({ answered: i }));
    if (right) {
      if (version === '1.2') {
        set(keys.score, 100);
        set(keys.status, 'passed');
      } else {
        set(keys.score, 1);
        set('cmi.success_status', 'passed');
        set(keys.status, 'completed');
      }
    }
    commit();
    document.getElementById('result').textContent = right ? t.done : t.retry;
  }

  document.getElementById('prev').onclick = function () { go(Math.max(0, page - 1)); };
  document.getElementById('next').onclick = function () { go(Math.min(t.pages.length, page + 1)); };
  document.getElementById('prev').textContent = t.prev;
  document.getElementById('next').textContent = t.next;
  window.addEventListener('pagehide', function () {
    commit();
    call('LMSFinish', 'Terminate', '');
  });
  render();
})();
