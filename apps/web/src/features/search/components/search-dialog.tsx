import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Badge, Group, Loader, Modal, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import type { FeedItem } from '@portal/learning/contracts/http';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SearchIcon } from '../../../shared/ui/icons';
import { closeSearch, useShellState } from '../../../shared/ui/shell/shell-store';
import { asLocale } from '../../../shared/ui/shell/localized';
import { fetchRemoteSearch } from '../api/remote-search';
import { debounce } from '../model/debounce';
import { createLocalSearch } from '../model/local-search';
import {
  keepKnown,
  LOCAL_DEBOUNCE_MS,
  LOCAL_MAX_WAIT_MS,
  moveActive,
  REMOTE_DEBOUNCE_MS,
  searchableItems,
  type SearchItem,
} from '../model/search-model';
import { useSearchMode } from './search-shortcut';

interface SearchState {
  /** the query the results are for */
  query: string;
  results: SearchItem[];
  loading: boolean;
}

const IDLE: SearchState = { query: '', results: [], loading: false };

/**
 * The search dialog (000 §2.10, §4.9): type, arrows move the active result, Enter opens it.
 * Local search (fuse.js, 500 ms debounce with a 1000 ms maximum wait) or remote
 * (/api/search-api, 300 ms), "No results found for" + the query when nothing matches.
 */
export function SearchDialog({ knownContent }: { knownContent: readonly FeedItem[] }) {
  const { t, i18n } = useTranslation('search');
  const locale = asLocale(i18n.language);
  const opened = useShellState((s) => s.searchOpen);
  const mode = useSearchMode();
  const navigate = useNavigate();
  const [input, setInput] = useState('');
  const [state, setState] = useState<SearchState>(IDLE);
  const [active, setActive] = useState(-1);
  const abort = useRef<AbortController | null>(null);

  const items = useMemo(() => searchableItems(knownContent, locale), [knownContent, locale]);
  const local = useMemo(() => createLocalSearch(items), [items]);

  const run = useMemo(() => {
    const searchLocal = debounce(
      (query: string) => {
        const results = local.search(query);
        setState({ query, results, loading: false });
        setActive(results.length > 0 ? 0 : -1);
      },
      LOCAL_DEBOUNCE_MS,
      { maxWait: LOCAL_MAX_WAIT_MS },
    );
    const searchRemote = debounce((query: string) => {
      abort.current?.abort();
      const controller = new AbortController();
      abort.current = controller;
      fetchRemoteSearch(query, locale, controller.signal).then(
        (answer) => {
          if (controller.signal.aborted) return;
          const results = keepKnown(answer, items);
          setState({ query, results, loading: false });
          setActive(results.length > 0 ? 0 : -1);
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          console.warn('Search failed', error);
          setState({ query, results: [], loading: false });
          setActive(-1);
        },
      );
    }, REMOTE_DEBOUNCE_MS);
    return { local: searchLocal, remote: searchRemote };
  }, [local, items, locale]);

  useEffect(
    () => () => {
      run.local.cancel();
      run.remote.cancel();
      abort.current?.abort();
    },
    [run],
  );

  const onChange = (value: string) => {
    setInput(value);
    if (value.trim().length === 0) {
      // clearing the query empties the results (000 §4.9)
      run.local.cancel();
      run.remote.cancel();
      abort.current?.abort();
      setState(IDLE);
      setActive(-1);
      return;
    }
    setState((current) => ({ ...current, loading: true }));
    if (mode === 'remote') run.remote(value);
    else run.local(value);
  };

  const close = () => {
    closeSearch();
    setInput('');
    setState(IDLE);
    setActive(-1);
  };

  const open = (item: SearchItem | undefined) => {
    if (!item) return;
    close();
    navigate(item.to);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((current) => moveActive(current, event.key === 'ArrowDown' ? 1 : -1, state.results.length));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      open(state.results[active]);
    }
  };

  const searched = state.query.trim().length > 0 && !state.loading && input.trim().length > 0;
  const optionId = (index: number) => `search-option-${index}`;

  return (
    <Modal opened={opened && mode !== 'off'} onClose={close} title={t('title')} size="lg">
      <Stack gap="sm" data-testid="search-dialog" data-mode={mode}>
        <TextInput
          data-autofocus
          value={input}
          onChange={(event) => onChange(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          placeholder={t('placeholder')}
          aria-label={t('label')}
          leftSection={<SearchIcon size={16} />}
          rightSection={state.loading ? <Loader size="xs" /> : null}
          role="combobox"
          aria-expanded={state.results.length > 0}
          aria-controls="search-results"
          aria-autocomplete="list"
          aria-activedescendant={active >= 0 ? optionId(active) : undefined}
          data-testid="search-input"
        />
        <Stack gap={4} role="listbox" id="search-results" aria-label={t('results')} data-testid="search-results">
          {state.results.map((item, index) => (
            <UnstyledButton
              key={item.rowId}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              tabIndex={-1}
              onMouseEnter={() => setActive(index)}
              onClick={() => open(item)}
              data-testid={`search-result-${item.rowId}`}
              data-active={index === active ? 'true' : 'false'}
              p="sm"
              mih="6rem"
              style={{
                borderRadius: 'var(--mantine-radius-md)',
                background: index === active ? 'var(--mantine-color-brand-0)' : undefined,
                border: index === active ? '1px solid var(--mantine-color-brand-3)' : '1px solid transparent',
              }}
            >
              <Stack gap={2}>
                <Text fw={600}>{item.contentTitle}</Text>
                <Group gap="xs">
                  <Text size="sm" c="gray.7">
                    {[item.cropTitle, item.stationTitle].filter((part, i, all) => part && all.indexOf(part) === i).join(' · ')}
                  </Text>
                  <Badge size="xs" variant="light">
                    {t(`types.${item.contentType}`)}
                  </Badge>
                </Group>
              </Stack>
            </UnstyledButton>
          ))}
        </Stack>
        {searched && state.results.length === 0 && (
          <Text c="gray.7" role="status" data-testid="search-empty">
            {t('noResults', { query: state.query })}
          </Text>
        )}
        {!searched && state.results.length === 0 && !state.loading && (
          <Text size="sm" c="gray.7">
            {t('hint')}
          </Text>
        )}
      </Stack>
    </Modal>
  );
}
