import { MESSAGES } from '@mentora/contract';
import { useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../api/errors';
import { usePlatform } from '../../platform/PlatformContext';
import {
  useDeleteClass,
  useEnrol,
  useForgetClass,
  useJoinLive,
  useRotateRoom,
  useStartLive,
  useUnenrol,
} from './queries';

/** The action whose confirmation dialog is open. */
export type Confirming = 'unenrol' | 'delete' | 'room' | null;

/**
 * What the class page's action buttons do, with what each says and where focus goes when done; the
 * requests and the cache are in ./queries. `busy` while any runs: one action at a time.
 */
export function useClassActionHandlers(classId: string) {
  const platform = usePlatform();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState<Confirming>(null);
  // After enrolling or unenrolling, the button that was pressed is gone: focus goes to the actions' heading.
  const actionsHeading = useRef<HTMLHeadingElement>(null);
  const enrol = useEnrol(classId);
  const unenrol = useUnenrol(classId);
  const remove = useDeleteClass(classId);
  const forgetClass = useForgetClass();
  const startLive = useStartLive(classId);
  const joinLive = useJoinLive(classId);
  const rotateRoom = useRotateRoom(classId);
  const busy =
    enrol.isPending ||
    unenrol.isPending ||
    remove.isPending ||
    startLive.isPending ||
    joinLive.isPending ||
    rotateRoom.isPending;

  const onEnrol = () =>
    enrol.mutate(undefined, {
      onSuccess: () => {
        toast.success(MESSAGES.classDetail.enrolled);
        actionsHeading.current?.focus();
      },
      onError: (error) => toast.error(errorMessage(error, MESSAGES.classDetail.enrolFailed)),
    });
  const onUnenrol = () =>
    unenrol.mutate(undefined, {
      onSuccess: () => {
        setConfirming(null);
        toast.success(MESSAGES.classDetail.unenrolled);
        actionsHeading.current?.focus();
      },
    });
  const onDelete = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        toast.success(MESSAGES.classDetail.deleted);
        navigate('/classes', { replace: true });
        void forgetClass(classId);
      },
    });
  // Both live actions get their tab from openExternalLater in the click itself (see Platform): a tab opened
  // after the API's answer is what Safari's and Firefox's popup blockers refuse.
  const onStartLive = () =>
    startLive.mutate(platform.openExternalLater(), {
      onSuccess: ({ url }, tab) => {
        tab.go(url);
        toast.success('Live session started. The room opened in a new tab.');
      },
      onError: (error, tab) => {
        tab.cancel();
        toast.error(errorMessage(error, 'Failed to start the live session'));
      },
    });
  const onJoinLive = () =>
    joinLive.mutate(platform.openExternalLater(), {
      onSuccess: ({ url, live }, tab) => {
        tab.go(url);
        if (!live) toast('The session has not started yet. The room is open: your mentor will join there.');
      },
      onError: (error, tab) => {
        tab.cancel();
        toast.error(errorMessage(error, 'Failed to join the live session'));
      },
    });
  const onRotateRoom = () =>
    rotateRoom.mutate(undefined, {
      onSuccess: () => {
        setConfirming(null);
        toast.success(MESSAGES.classDetail.roomRotated);
        actionsHeading.current?.focus();
      },
    });

  return {
    actionsHeading,
    confirming,
    setConfirming,
    busy,
    enrol,
    unenrol,
    remove,
    startLive,
    joinLive,
    rotateRoom,
    onEnrol,
    onUnenrol,
    onDelete,
    onStartLive,
    onJoinLive,
    onRotateRoom,
  };
}
