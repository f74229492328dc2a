import { COMMUNITY_CATEGORIES, LIMITS, MESSAGES } from '@mentora/contract';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../api/errors';
import { ErrorAlert } from '../../components/Alert';
import { Dialog } from '../../components/Dialog';
import { FieldShell, SelectField } from '../../components/FormField';
import { Spinner } from '../../components/Spinner';
import { buttonPrimary, buttonSecondary, inputField } from '../../components/styles';
import { type PostDraft, type PostDraftField, postRequestFrom, preloadPostRules } from './postDraft';
import { CATEGORY_LABELS } from './posts';
import { useCreatePost } from './queries';

const EMPTY: PostDraft = { title: '', content: '', category: 'general', tags: '' };

interface CreatePostDialogProps {
  open: boolean;
  onClose: () => void;
  /** Called once the post is published (it is already at the top of the feed). */
  onCreated: () => void;
}

/** The community's create-post dialog: title, content, category and comma-separated tags. */
export function CreatePostDialog({ open, onClose, onCreated }: CreatePostDialogProps) {
  const [draft, setDraft] = useState<PostDraft>(EMPTY);
  const [problems, setProblems] = useState<Partial<Record<PostDraftField, string>>>({});
  const create = useCreatePost();
  // While the draft is checked against the form's rules (which may still be loading), and whether they
  // could not be loaded.
  const [checking, setChecking] = useState(false);
  const [rulesFailed, setRulesFailed] = useState(false);
  const busy = checking || create.isPending;
  const titleInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (open) preloadPostRules();
  }, [open]);

  const set = (field: PostDraftField) => (value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setProblems((current) => ({ ...current, [field]: undefined }));
  };

  const close = () => {
    if (busy) return;
    create.reset();
    setProblems({});
    setRulesFailed(false);
    onClose();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    create.reset();
    setRulesFailed(false);
    setChecking(true);
    const result = await postRequestFrom(draft).catch(() => undefined);
    setChecking(false);
    if (!result) {
      setRulesFailed(true);
      return;
    }
    if (!result.ok) {
      setProblems(result.errors);
      return;
    }
    setProblems({});
    create.mutate(result.request, {
      onSuccess: () => {
        setDraft(EMPTY);
        create.reset();
        onCreated();
      },
    });
  };

  const field = (name: PostDraftField) => ({
    'aria-invalid': problems[name] ? true : undefined,
    value: draft[name],
  });

  return (
    <Dialog
      open={open}
      onClose={close}
      title="Create a post"
      description="Share a question, an announcement or something you learned with the community."
      size="lg"
      dismissible={!busy}
      initialFocus={titleInput}
    >
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-5">
        {create.isError && <ErrorAlert>{errorMessage(create.error, MESSAGES.community.createFailed)}</ErrorAlert>}
        {rulesFailed && <ErrorAlert>{MESSAGES.community.createFailed}</ErrorAlert>}
        <FieldShell label="Title" error={problems.title}>
          {({ id, describedBy }) => (
            <input
              ref={titleInput}
              id={id}
              name="title"
              autoComplete="off"
              aria-required="true"
              aria-describedby={describedBy}
              maxLength={LIMITS.title.max}
              className={inputField}
              {...field('title')}
              onChange={(event) => set('title')(event.target.value)}
            />
          )}
        </FieldShell>
        <FieldShell label="Content" error={problems.content}>
          {({ id, describedBy }) => (
            <textarea
              id={id}
              name="content"
              rows={6}
              aria-required="true"
              aria-describedby={describedBy}
              maxLength={LIMITS.content.max}
              className={`${inputField} resize-y`}
              {...field('content')}
              onChange={(event) => set('content')(event.target.value)}
            />
          )}
        </FieldShell>
        <div className="grid gap-5 sm:grid-cols-2">
          <SelectField
            label="Category"
            name="category"
            error={problems.category}
            value={draft.category}
            onChange={(event) => set('category')(event.target.value)}
            options={COMMUNITY_CATEGORIES.map((category) => ({ value: category, label: CATEGORY_LABELS[category] }))}
          />
          <FieldShell
            label="Tags (optional)"
            error={problems.tags}
            hint="Separate tags with commas, e.g. react, career"
          >
            {({ id, describedBy }) => (
              <input
                id={id}
                name="tags"
                autoComplete="off"
                aria-describedby={describedBy}
                className={inputField}
                {...field('tags')}
                onChange={(event) => set('tags')(event.target.value)}
              />
            )}
          </FieldShell>
        </div>
        <div className="flex flex-col-reverse gap-3 pt-1 sm:flex-row sm:justify-end">
          <button type="button" className={buttonSecondary} disabled={busy} onClick={close}>
            Cancel
          </button>
          <button type="submit" className={buttonPrimary} disabled={busy} aria-busy={busy || undefined}>
            {busy && <Spinner className="size-4" />}
            {busy ? 'Publishing...' : 'Publish post'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
