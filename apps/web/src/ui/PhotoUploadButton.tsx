import { useState } from 'react';
import { usePlaza } from '@plaza/react';
import { uploadAndWait } from '../lib/uploads.js';
import { FilePickButton } from './FilePickButton.js';
import { describeError } from './ErrorMessage.js';
import { TextField, type TextFieldProps } from './Field.js';

/**
 * "Upload a photo" for forms that take a picture's address: the shopper picks a picture from their device, it is
 * uploaded (with progress) and `onUploaded` gets its address. Pictures only, up to 10 MB.
 */
export function PhotoUploadButton({
  label = 'Upload a photo',
  onUploaded,
}: {
  label?: string;
  onUploaded: (url: string) => void;
}) {
  const plaza = usePlaza();
  const [state, setState] = useState<{ busy: boolean; percent?: number; error?: string }>({ busy: false });
  const pick = async (file: File | undefined) => {
    if (!file) return;
    setState({ busy: true, percent: 0 });
    try {
      const uploaded = await uploadAndWait(plaza, file, {
        onProgress: (sent, total) => setState({ busy: true, percent: Math.round((sent / total) * 100) }),
      });
      setState({ busy: false });
      onUploaded(uploaded.url);
    } catch (err) {
      setState({ busy: false, error: describeError(err).message });
    }
  };
  return (
    <div className="grid gap-1">
      <div className="flex items-center gap-3">
        <FilePickButton
          variant="secondary"
          busy={state.busy}
          label={label}
          accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
          onFiles={(files) => void pick(files[0])}
        />
        {state.busy && (
          <span className="text-sm text-neutral-600" aria-live="polite">
            {state.percent !== undefined && state.percent < 100 ? `Uploading… ${state.percent}%` : 'Getting it ready…'}
          </span>
        )}
      </div>
      {state.error && (
        <p role="alert" className="text-sm text-red-700">
          {state.error}
        </p>
      )}
    </div>
  );
}

/**
 * The other way to give a picture: the address of one already online, with the web-address keyboard. `hint` says
 * how it goes with the upload button and any preview.
 */
export function PhotoUrlField(props: Omit<TextFieldProps, 'type' | 'inputMode' | 'placeholder'>) {
  return <TextField {...props} label="Photo URL (optional)" type="url" inputMode="url" placeholder="https://…" />;
}
