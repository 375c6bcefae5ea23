import { useState, type FormEvent } from 'react';
import { FileText } from 'lucide-react';
import type { FileDescriptor, FocalPoint } from '@plaza/sdk/media';
import { Alert } from '../../ui/Alert.js';
import { Button } from '../../ui/Button.js';
import { CopyButton } from '../../ui/CopyButton.js';
import { TextField } from '../../ui/Field.js';
import { useDateFormat } from '../dates.js';
import { useToast } from '../Toast.js';
import { describeError } from '../../ui/ErrorMessage.js';
import { mediaMutations, usePlazaMutation } from '@plaza/react';
import { FocalPointPicker } from './FocalPointPicker.js';
import { dimensionsOf, formatSize, KIND_WORDS } from './words.js';

function Preview({ file }: { file: FileDescriptor }) {
  const box = 'w-full rounded-md border border-neutral-200 bg-neutral-50';
  if (file.operationStatus !== 'READY')
    return (
      <div className={`${box} flex h-40 items-center justify-center text-sm text-neutral-600`}>
        {file.operationStatus === 'PENDING' ? 'Getting the file ready…' : 'This file could not be used'}
      </div>
    );
  if (file.mediaType === 'VIDEO') return <video src={file.url} controls className={box} />;
  if (file.mediaType === 'AUDIO') return <audio src={file.url} controls className="w-full" />;
  const picture =
    file.thumbnailUrl && file.mediaType !== 'IMAGE'
      ? file.thumbnailUrl
      : file.mediaType === 'IMAGE' || file.mediaType === 'VECTOR'
        ? file.url
        : undefined;
  if (picture) return <img src={picture} alt="" className={`${box} max-h-72 object-contain`} />;
  return (
    <div className={`${box} flex h-32 items-center justify-center`}>
      <FileText className="h-10 w-10 text-neutral-400" aria-hidden />
    </div>
  );
}

/** The drawer of one file: see it, rename and label it, set the picture's focus point, copy a link, trash it. */
export function FileDetails({ file, onTrash }: { file: FileDescriptor; onTrash: (f: FileDescriptor) => void }) {
  const edits = useFileEdits(file);
  const { name, setName, labels, setLabels, focus, setFocus, link, rename, relabel, refocus, signed } = edits;
  return (
    <div className="space-y-6 text-sm">
      <Preview file={file} />
      {file.operationStatus === 'FAILED' && (
        <Alert tone="error">{file.failureReason ?? 'The file could not be used.'}</Alert>
      )}
      {edits.problem ? <Alert tone="error">{describeError(edits.problem).message}</Alert> : null}
      <FileFacts file={file} />
      {file.state === 'OK' && (
        <>
          <form onSubmit={edits.submitName} className="flex items-end gap-2">
            <TextField
              label="Name"
              value={name}
              maxLength={200}
              onChange={(e) => setName(e.target.value)}
              className="flex-1"
            />
            <Button type="submit" variant="secondary" busy={rename.isPending}>
              Rename
            </Button>
          </form>
          <form onSubmit={edits.submitLabels} className="flex items-end gap-2">
            <TextField
              label="Labels"
              hint="Words to find the file by, separated by commas"
              value={labels}
              onChange={(e) => setLabels(e.target.value)}
              className="flex-1"
            />
            <Button type="submit" variant="secondary" busy={relabel.isPending}>
              Save labels
            </Button>
          </form>
          {file.mediaType === 'IMAGE' && file.operationStatus === 'READY' && (
            <FocusPointSection
              src={file.media.image?.responsiveImages.at(-1)?.url ?? file.url}
              focus={focus}
              onFocus={setFocus}
              saving={refocus.isPending}
              onSave={() => refocus.mutate({ id: file.id, ...focus })}
            />
          )}
          {file.operationStatus === 'READY' && (
            <LinkSection
              link={link}
              making={signed.isPending}
              onMake={() => signed.mutate({ id: file.id, minutes: 60 })}
            />
          )}
          <div className="border-t border-neutral-200 pt-4">
            <Button variant="danger" onClick={() => onTrash(file)}>
              Move to trash
            </Button>
          </div>
        </>
      )}
    </div>
  );
}

/** The file's edits: the typed name, labels and focus point, a link for a private file, and their mutations. */
function useFileEdits(file: FileDescriptor) {
  const toast = useToast();
  const [name, setName] = useState(file.displayName);
  const [labels, setLabels] = useState(file.labels.join(', '));
  const [focus, setFocus] = useState(file.media.image?.focalPoint ?? { x: 0.5, y: 0.5 });
  const [link, setLink] = useState<string | undefined>(file.private ? undefined : file.url);
  const saved = () => toast('Saved');
  const rename = usePlazaMutation(mediaMutations.renameFile, { onSuccess: saved });
  const relabel = usePlazaMutation(mediaMutations.setLabels, { onSuccess: saved });
  const refocus = usePlazaMutation(mediaMutations.setFocalPoint, { onSuccess: saved });
  const signed = usePlazaMutation(mediaMutations.downloadLink, { onSuccess: (r) => setLink(r.downloadUrls[0]?.url) });
  const problem = [rename, relabel, refocus, signed].find((m) => m.error)?.error;
  const submitName = (e: FormEvent) => {
    e.preventDefault();
    if (name.trim() && name.trim() !== file.displayName) rename.mutate({ id: file.id, displayName: name.trim() });
  };
  const submitLabels = (e: FormEvent) => {
    e.preventDefault();
    relabel.mutate({
      id: file.id,
      labels: labels
        .split(',')
        .map((l) => l.trim())
        .filter(Boolean),
    });
  };
  return {
    name,
    setName,
    labels,
    setLabels,
    focus,
    setFocus,
    link,
    rename,
    relabel,
    refocus,
    signed,
    problem,
    submitName,
    submitLabels,
  };
}

/** Kind, size, dates and who can see the file. */
function FileFacts({ file }: { file: FileDescriptor }) {
  const formatDate = useDateFormat();
  const size = dimensionsOf(file);
  return (
    <dl className="grid grid-cols-[7rem_1fr] gap-x-3 gap-y-2">
      <dt className="text-neutral-600">Kind</dt>
      <dd>{KIND_WORDS[file.mediaType]}</dd>
      <dt className="text-neutral-600">Size</dt>
      <dd>
        {formatSize(file.sizeInBytes)}
        {size ? ` · ${size} pixels` : ''}
      </dd>
      <dt className="text-neutral-600">Added</dt>
      <dd>{formatDate(file.createdDate)}</dd>
      {file.lastUsedDate && (
        <>
          <dt className="text-neutral-600">Last used</dt>
          <dd>{formatDate(file.lastUsedDate)}</dd>
        </>
      )}
      <dt className="text-neutral-600">Who can see it</dt>
      <dd>{file.private ? 'Only people you send a link to' : 'Anyone with the link'}</dd>
    </dl>
  );
}

/** Where a cropped picture keeps its subject in view. */
function FocusPointSection({
  src,
  focus,
  onFocus,
  saving,
  onSave,
}: {
  src: string;
  focus: FocalPoint;
  onFocus: (focus: FocalPoint) => void;
  saving: boolean;
  onSave: () => void;
}) {
  return (
    <section className="space-y-2">
      <h3 className="font-medium">Focus point</h3>
      <p className="text-neutral-600">Click the subject: when the picture is cropped, this part stays in view.</p>
      <FocalPointPicker src={src} value={focus} onChange={onFocus} />
      <Button variant="secondary" busy={saving} onClick={onSave}>
        Save focus point
      </Button>
    </section>
  );
}

/** The file's link to copy; a private file first needs a link that works for an hour. */
function LinkSection({ link, making, onMake }: { link: string | undefined; making: boolean; onMake: () => void }) {
  return (
    <section className="space-y-2">
      <h3 className="font-medium">Link</h3>
      {link ? (
        <div className="flex items-center gap-2">
          <input
            readOnly
            value={link}
            aria-label="Link to the file"
            className="min-w-0 flex-1 truncate rounded-md border border-neutral-300 px-2 py-1.5"
          />
          <CopyButton text={link} label="Copy link" />
        </div>
      ) : (
        <Button variant="secondary" busy={making} onClick={onMake}>
          Make a link that works for an hour
        </Button>
      )}
    </section>
  );
}
