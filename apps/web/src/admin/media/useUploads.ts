import { useCallback, useRef, useState } from 'react';
import { uploadFile } from '@plaza/sdk/media';
import { describeError } from '../../ui/ErrorMessage.js';
import { useQueryClient } from '@tanstack/react-query';
import { mediaQueries, mediaUploadClient, usePlaza } from '@plaza/react';

export interface UploadItem {
  key: number;
  name: string;
  size: number;
  sent: number;
  status: 'uploading' | 'done' | 'failed' | 'cancelled';
  error?: string;
  fileId?: string;
}

/**
 * The upload queue of the media library: every dropped or chosen file uploads at once (three at a time), each with
 * its own progress and a cancel; a failed one says why and can be tried again.
 */
export function useUploads(folder: string) {
  const plaza = usePlaza();
  const queryClient = useQueryClient();
  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: mediaQueries.all() }), [queryClient]);
  const [items, setItems] = useState<UploadItem[]>([]);
  const controllers = useRef(new Map<number, AbortController>());
  const files = useRef(new Map<number, File>());
  const running = useRef(0);
  const waiting = useRef<number[]>([]);
  const seq = useRef(0);

  const patch = (key: number, change: Partial<UploadItem>) =>
    setItems((list) => list.map((i) => (i.key === key ? { ...i, ...change } : i)));

  const pump = useCallback(() => {
    while (running.current < 3 && waiting.current.length) {
      const key = waiting.current.shift()!;
      const file = files.current.get(key);
      if (!file) continue;
      const controller = new AbortController();
      controllers.current.set(key, controller);
      running.current++;
      uploadFile(mediaUploadClient(plaza), file, {
        parentFolderId: folder,
        signal: controller.signal,
        onProgress: (sent) => patch(key, { sent }),
      })
        .then((f) => patch(key, { status: 'done', sent: file.size, fileId: f.id }))
        .catch((err: unknown) =>
          patch(
            key,
            controller.signal.aborted
              ? { status: 'cancelled' }
              : { status: 'failed', error: describeError(err).message },
          ),
        )
        .finally(() => {
          running.current--;
          controllers.current.delete(key);
          void refresh();
          pump();
        });
    }
  }, [plaza, folder, refresh]);

  const add = useCallback(
    (list: FileList | File[]) => {
      const added = [...list].map((file) => {
        const key = ++seq.current;
        files.current.set(key, file);
        waiting.current.push(key);
        return { key, name: file.name, size: file.size, sent: 0, status: 'uploading' as const };
      });
      setItems((prev) => [...prev, ...added]);
      pump();
    },
    [pump],
  );
  const cancel = (key: number) => {
    controllers.current.get(key)?.abort();
    waiting.current = waiting.current.filter((k) => k !== key);
    patch(key, { status: 'cancelled' });
  };
  const retry = (key: number) => {
    patch(key, { status: 'uploading', sent: 0, error: undefined });
    waiting.current.push(key);
    pump();
  };
  const clearFinished = () => setItems((list) => list.filter((i) => i.status === 'uploading'));
  return { items, add, cancel, retry, clearFinished };
}
