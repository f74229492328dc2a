import { App, type ServerAddressChange } from '@mentora/ui';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { DEFAULT_SERVER_URL, type DesktopBridge, type DesktopStartup } from '../../shared/bridge';
import { createDesktopPlatform, StorageMirror } from './desktopPlatform';
import { ServerAddressScreen } from './ServerAddressScreen';

/**
 * The server address screen until there is a checked address, then the UI against that server. The
 * screen comes back from the app menu; a new address remounts the UI (new api client, new cache, and
 * signed out: the main process dropped the token, which belonged to the old server).
 */
export function DesktopRoot({ bridge, startup }: { bridge: DesktopBridge; startup: DesktopStartup }) {
  const [storage] = useState(() => new StorageMirror(bridge, startup.stored));
  const [serverUrl, setServerUrl] = useState(startup.serverUrl);
  const [askingForServer, setAskingForServer] = useState(false);

  useEffect(() => bridge.onShowServerAddress(() => setAskingForServer(true)), [bridge]);

  const changeServer = useCallback(
    async (url: string): Promise<ServerAddressChange> => {
      const result = await bridge.setServerUrl(url);
      if (!result.ok) return result;
      setServerUrl((current) => {
        if (current !== result.serverUrl) storage.forget('token');
        return result.serverUrl;
      });
      setAskingForServer(false);
      return { ok: true };
    },
    [bridge, storage],
  );

  const platform = useMemo(
    () => (serverUrl ? createDesktopPlatform({ bridge, serverUrl, storage, changeServer }) : null),
    [bridge, serverUrl, storage, changeServer],
  );

  return (
    <>
      {(!platform || askingForServer) && (
        <ServerAddressScreen
          initial={serverUrl ?? DEFAULT_SERVER_URL}
          firstRun={!platform}
          onSubmit={changeServer}
          onCancel={platform ? () => setAskingForServer(false) : undefined}
        />
      )}
      {/* Kept mounted (hidden) while the menu's screen is open, so Cancel returns to where the person was. */}
      {platform && (
        <div hidden={askingForServer}>
          <App key={serverUrl} platform={platform} router="hash" />
        </div>
      )}
    </>
  );
}
