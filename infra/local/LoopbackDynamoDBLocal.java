import java.lang.reflect.Field;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import software.amazon.dynamodb.services.local.main.ServerRunner;
import software.amazon.dynamodb.services.local.server.DynamoDBProxyServer;

/**
 * DynamoDB Local bound to 127.0.0.1. Its own ServerRunner has no host option and Jetty's
 * Server(port) listens on every interface, so this builds the server from the same command line,
 * points its connectors at loopback before they open, and starts it (infra/local/dynamodb-local.ts
 * runs this file with `java`'s source-file mode; no build step).
 */
public class LoopbackDynamoDBLocal {
  public static void main(String[] args) throws Exception {
    DynamoDBProxyServer proxy = ServerRunner.createServerFromCommandLineArgs(args);
    Field field = DynamoDBProxyServer.class.getDeclaredField("server");
    field.setAccessible(true);
    Server server = (Server) field.get(proxy);
    for (Connector connector : server.getConnectors()) ((ServerConnector) connector).setHost("127.0.0.1");
    proxy.start();
  }
}
